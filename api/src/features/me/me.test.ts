import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../../test/helper';

const t = useTestApp();

describe('learner settings', () => {
  it('start at UTC and a 300-minute weekly goal, and keep what is set', async () => {
    const { token } = await signUp(t);
    expect((await t.request('GET', '/api/me/settings', { token })).body).toEqual({
      weeklyGoalMinutes: 300,
      timeZone: 'UTC',
      newCardsPerDay: 20,
    });
    const res = await t.request('PATCH', '/api/me/settings', {
      token,
      body: { timeZone: 'Asia/Kolkata', weeklyGoalMinutes: 240 },
    });
    expect(res.body).toEqual({ weeklyGoalMinutes: 240, timeZone: 'Asia/Kolkata', newCardsPerDay: 20 });
    expect((await t.request('GET', '/api/me/settings', { token })).body.timeZone).toBe('Asia/Kolkata');
  });

  it('take effect at once, for the very token that changed them', async () => {
    const { token } = await signUp(t);
    // The session is checked, and now remembered by the api.
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200);
    await t.request('PATCH', '/api/me/settings', { token, body: { timeZone: 'Asia/Kolkata' } });
    const at = new Date(Date.now() + 2 * 3_600_000);
    at.setUTCMinutes(0, 0, 0);
    const session = { title: 'Optics', subject: 'Physics', duration: 30, scheduledAt: at.toISOString() };
    expect((await t.request('POST', '/api/study-planner/sessions', { token, body: session })).status).toBe(201);
    // The reminder tells the time in the learner's new zone (half an hour off UTC's), not the old one.
    const clock = (timeZone: string) =>
      new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(at);
    const messages = (await t.request('GET', '/api/notifications', { token })).body.notifications.map(
      (n: { message: string }) => n.message,
    );
    expect(messages).toContainEqual(expect.stringContaining(clock('Asia/Kolkata')));
    expect(messages.join(' ')).not.toContain(clock('UTC'));
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
