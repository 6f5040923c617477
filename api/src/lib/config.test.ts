import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('the environment', () => {
  it('leaves X-Forwarded-For untrusted unless told which proxies to trust', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: ' loopback, 10.0.0.0/8 ' }).TRUST_PROXY).toBe('loopback, 10.0.0.0/8');
    // A hop count would silently trust nothing in Fastify 5: refused at start instead.
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/hop count/);
  });

  it('keeps sessions in memory for 30 s by default, and not at all when set to 0', () => {
    expect(loadConfig({}).SESSION_CACHE_SECONDS).toBe(30);
    expect(loadConfig({ SESSION_CACHE_SECONDS: '0' }).SESSION_CACHE_SECONDS).toBe(0);
    expect(() => loadConfig({ SESSION_CACHE_SECONDS: '-1' })).toThrow(/SESSION_CACHE_SECONDS/);
  });
});
