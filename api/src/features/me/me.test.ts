import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startApp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

describe('learner settings', () => {
  it('start at UTC and a 300-minute weekly goal, and keep what is set', async () => {
    const { token } = await signUp(t);
    expect((await t.request('GET', '/api/me/settings', { token })).body).toEqual({
      weeklyGoalMinutes: 300,
      timeZone: 'UTC',
    });
    const res = await t.request('PATCH', '/api/me/settings', {
      token,
      body: { timeZone: 'Asia/Kolkata', weeklyGoalMinutes: 240 },
    });
    expect(res.body).toEqual({ weeklyGoalMinutes: 240, timeZone: 'Asia/Kolkata' });
    expect((await t.request('GET', '/api/me/settings', { token })).body.timeZone).toBe('Asia/Kolkata');
  });

  it.each([
    ['an unknown zone', { timeZone: 'Mars/Olympus' }],
    ['a goal of 5 minutes', { weeklyGoalMinutes: 5 }],
    ['nothing', {}],
  ])('refuses %s with 400', async (_label, body) => {
    const { token } = await signUp(t);
    const res = await t.request('PATCH', '/api/me/settings', { token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });
});
