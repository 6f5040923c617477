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
      desiredRetention: 0.9,
      fsrsParameters: expect.arrayContaining([expect.any(Number)]),
    });
    const res = await t.request('PATCH', '/api/me/settings', {
      token,
      body: { timeZone: 'Asia/Kolkata', weeklyGoalMinutes: 240 },
    });
    expect(res.body).toMatchObject({ weeklyGoalMinutes: 240, timeZone: 'Asia/Kolkata', newCardsPerDay: 20 });
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

describe('downloading everything', () => {
  it('holds the learner’s cards, decks, reviews, sessions, tests with submissions, hosted rooms and settings, and no one else’s', async () => {
    const learner = await signUp(t);
    const other = await signUp(t);
    const { token } = learner;
    const card = (await t.request('POST', '/api/flashcards', { token, body: { question: 'q1', answer: 'a1' } })).body;
    await t.request('PUT', `/api/flashcards/${card.id}/review`, { token, body: { rating: 3 } });
    await t.request('POST', '/api/study-planner/sessions', {
      token,
      body: { title: 'Cells', subject: 'Bio', duration: 30, scheduledAt: '2030-01-06T09:00:00.000Z' },
    });
    await t.request('POST', '/api/group-learning/rooms', { token, body: { title: 'My room', topic: 'Bio' } });
    await t.request('POST', '/api/flashcards', { token: other.token, body: { question: 'theirs', answer: 'x' } });

    const res = await fetch(`${t.url}/api/me/export.json`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.headers.get('content-disposition')).toContain('learnboost-export.json');
    const data = await res.json();
    expect(data.user).toMatchObject({ email: learner.email, timeZone: 'UTC', weeklyGoalMinutes: 300 });
    expect(data.user.passwordHash).toBeUndefined();
    expect(data.cards.map((c: { question: string }) => c.question)).toEqual(['q1']);
    expect(data.decks.map((d: { name: string }) => d.name)).toEqual(['My Flashcards']);
    expect(data.reviews).toHaveLength(1);
    expect(data.sessions.map((s: { title: string }) => s.title)).toEqual(['Cells']);
    expect(data.rooms.map((r: { title: string }) => r.title)).toEqual(['My room']);
    expect(data.tests).toEqual([]);
  });
});
