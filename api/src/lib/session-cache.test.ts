import { describe, expect, it } from 'vitest';
import type { AuthUser } from './auth-user';
import { SessionCache } from './session-cache';

const learner = (sessionId: string, id = 'u1'): AuthUser => ({
  id,
  username: 'ada',
  email: 'ada@example.com',
  timeZone: 'Europe/Berlin',
  sessionId,
});

function cacheAt(ttlMs: number, maxEntries?: number) {
  const clock = { t: 1_000 };
  const cache = new SessionCache(ttlMs, maxEntries, () => clock.t);
  return { cache, clock };
}

describe('the session cache', () => {
  it('answers a checked session until its time is up', () => {
    const { cache, clock } = cacheAt(30_000);
    cache.set(learner('s1'), cache.now());
    clock.t += 29_999;
    expect(cache.get('s1')).toEqual(learner('s1'));
    clock.t += 1;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('forgets a revoked session at once, and every session of a changed learner', () => {
    const { cache } = cacheAt(30_000);
    for (const s of ['s1', 's2']) cache.set(learner(s), cache.now() - 1);
    cache.set(learner('s3', 'u2'), cache.now() - 1);
    cache.revoke({ sessionId: 's1' });
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toBeDefined();
    cache.revoke({ userId: 'u1' });
    expect(cache.get('s2')).toBeUndefined();
    expect(cache.get('s3')).toEqual(learner('s3', 'u2'));
  });

  it('does not keep what a lookup found if a revocation came while it ran', () => {
    const { cache, clock } = cacheAt(30_000);
    const started = cache.now();
    clock.t += 5;
    cache.apply({ sessionId: 's1' });
    clock.t += 5;
    cache.set(learner('s1'), started);
    expect(cache.get('s1')).toBeUndefined();
    cache.set(learner('s1'), cache.now());
    expect(cache.get('s1')).toBeDefined();
  });

  it('tells the other processes what it revokes, and only what it revokes', () => {
    const { cache } = cacheAt(30_000);
    const sent: unknown[] = [];
    cache.publish = (r) => sent.push(r);
    cache.revoke({ userId: 'u1' });
    cache.apply({ sessionId: 'heard-from-another-process' });
    expect(sent).toEqual([{ userId: 'u1' }]);
  });

  it('holds a bounded number of sessions, dropping the oldest', () => {
    const { cache } = cacheAt(30_000, 2);
    for (const s of ['s1', 's2', 's3']) cache.set(learner(s), cache.now());
    expect([cache.get('s1'), cache.get('s2'), cache.get('s3')].map(Boolean)).toEqual([false, true, true]);
  });

  it('keeps nothing when its time is zero', () => {
    const { cache } = cacheAt(0);
    cache.set(learner('s1'), cache.now());
    expect(cache.get('s1')).toBeUndefined();
  });
});
