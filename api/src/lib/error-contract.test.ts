import { describe, expect, it } from 'vitest';
import { signUp, startApp, useTestApp } from '../../test/helper';

const t = useTestApp();

describe('the error contract', () => {
  it('answers malformed JSON with 400 and a readable error', async () => {
    const res = await t.request('POST', '/api/auth/login', { raw: '{"email": "a@b.c", ' });
    expect(res).toMatchObject({ status: 400, body: { error: 'Malformed JSON in request body' } });
  });

  it('refuses text holding the NUL character with 400, and takes an escaped backslash before u0000 as text', async () => {
    const learner = await signUp(t);
    const card = (question: string) =>
      t.request('POST', '/api/flashcards', { token: learner.token, raw: JSON.stringify({ question, answer: 'A' }) });
    expect(await card('Q\0?')).toMatchObject({ status: 400, body: { error: 'Text cannot contain the NUL character' } });
    const literal = await card('C:\\u0000 is a path, not a NUL');
    expect(literal).toMatchObject({ status: 201, body: { question: 'C:\\u0000 is a path, not a NUL' } });
  });

  it('answers a missing body with 400', async () => {
    const res = await t.request('POST', '/api/auth/login', { raw: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String) });
  });

  it('answers a body over 1 MB with 413', async () => {
    const huge = JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), email: 'a@b.co', password: 'secret1' });
    const res = await t.request('POST', '/api/auth/register', { raw: huge });
    expect(res).toMatchObject({ status: 413, body: { error: 'Request body is too large' } });
  });

  it('answers an unknown /api route with 404 JSON, with or without a token', async () => {
    const learner = await signUp(t);
    for (const token of [undefined, learner.token]) {
      const res = await t.request('GET', '/api/no-such-thing', { token });
      expect(res).toMatchObject({ status: 404, body: { error: 'Not found' } });
    }
    expect((await t.request('DELETE', '/api/auth/me')).status).toBe(404);
  });

  it("answers a path parameter over 100 characters with 404 {error}, not the router's own 414", async () => {
    const learner = await signUp(t);
    for (const token of [undefined, learner.token]) {
      const res = await t.request('GET', `/api/flashcards/${'a'.repeat(101)}`, { token });
      expect(res).toMatchObject({ status: 404 });
      expect(res.body).toEqual({ error: 'Not found' });
    }
  });

  it('answers a token signed with the real secret but naming no UUID session with 401 {error}', async () => {
    const learner = await signUp(t);
    for (const payload of [
      { sub: learner.id, sid: 'not-a-uuid' },
      { sub: 'not-a-uuid', sid: '00000000-0000-4000-8000-000000000000' },
      { sub: learner.id, sid: 42 },
    ]) {
      const token = t.app.jwt.sign(payload as never);
      const res = await t.request('GET', '/api/flashcards', { token });
      expect(res).toMatchObject({ status: 401, body: { error: 'Invalid token; sign in again' } });
      expect(Object.keys(res.body)).toEqual(['error']);
    }
  });

  it('reports health without a token', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'ok', demo: null });
  });

  it('holds sign-in attempts to the limit per client, with Retry-After, but not /auth/me', async () => {
    // An app of its own: the limit counts every login this file sends.
    const fresh = await startApp();
    try {
      const learner = await signUp(fresh);
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) {
        const res = await fresh.request('POST', '/api/auth/login', {
          body: { email: 'nobody@example.com', password: 'wrong!!' },
        });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.body).toEqual({ error: expect.stringMatching(/rate limit/i) });
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      }
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429]);
      for (let i = 0; i < 40; i++) {
        expect((await fresh.request('GET', '/api/auth/me', { token: learner.token })).status).toBe(200);
      }
    } finally {
      await fresh.close();
    }
  });

  it.each([
    ['by the connection alone, whatever X-Forwarded-For claims', {}, [401, 401, 429, 429]],
    [
      'by the forwarded address behind a trusted proxy (TRUST_PROXY)',
      { TRUST_PROXY: 'loopback' },
      [401, 401, 429, 401],
    ],
  ])('tells sign-in clients apart %s', async (_label, env, expected) => {
    const fresh = await startApp({ ...env, AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const statuses: number[] = [];
      for (const client of ['203.0.113.7', '203.0.113.7', '203.0.113.7', '198.51.100.9']) {
        const res = await fresh.request('POST', '/api/auth/login', {
          body: { email: 'nobody@example.com', password: 'wrong!!' },
          headers: { 'x-forwarded-for': client },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual(expected);
    } finally {
      await fresh.close();
    }
  });

  it('never writes passwords or tokens to the log', async () => {
    const learner = await signUp(t, { password: 'log-me-not-123' });
    await t.request('GET', '/api/auth/me', { token: learner.token });
    await t.request('GET', `/api/health?token=${learner.token}`);
    expect(t.logs()).toContain('/api/auth/me');
    expect(t.logs()).not.toContain('log-me-not-123');
    expect(t.logs()).not.toContain(learner.token);
  });

  it.each([
    'access_token',
    'token',
    'refresh_token',
    'id_token',
    'secret',
    'client_secret',
    'key',
    'api_key',
    'apiKey',
    'password',
    'signature',
    'auth',
  ])('redacts the %s query parameter in the log, and keeps the others', async (name) => {
    const value = `s3cr3t-${name}-${Date.now()}`;
    await t.request('GET', `/api/health?page=2&${name}=${value}&sort=asc`);
    expect(t.logs()).not.toContain(value);
    expect(t.logs()).toContain(`/api/health?page=2&${name}=[redacted]&sort=asc`);
  });
});
