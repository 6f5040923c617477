import { describe, expect, it } from 'vitest';
import { startApp } from '../../../test/helper';

describe('the demo account', () => {
  it('is seeded on first start, shown by /api/health, and signs in', async () => {
    const t = await startApp({ SEED_DEMO: 'true', DEMO_EMAIL: 'try@learnboost.test', DEMO_PASSWORD: 'try-it-now' });
    try {
      const health = await t.request('GET', '/api/health');
      expect(health.body.demo).toEqual({ email: 'try@learnboost.test', password: 'try-it-now' });
      const login = await t.request('POST', '/api/auth/login', { body: health.body.demo });
      expect(login.status).toBe(200);
      expect(login.body.email).toBe('try@learnboost.test');
    } finally {
      await t.close();
    }
  });

  it('is not created, nor shown, with SEED_DEMO=false', async () => {
    const t = await startApp({ SEED_DEMO: 'false', DEMO_EMAIL: 'try@learnboost.test', DEMO_PASSWORD: 'try-it-now' });
    try {
      expect((await t.request('GET', '/api/health')).body.demo).toBeNull();
      const login = await t.request('POST', '/api/auth/login', {
        body: { email: 'try@learnboost.test', password: 'try-it-now' },
      });
      expect(login.status).toBe(401);
    } finally {
      await t.close();
    }
  });
});
