import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../../test/helper';

const t = useTestApp();

const inDays = (days: number, hour = 18) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
const plan = (body: Record<string, unknown>, as = t.learner.token) =>
  t.request('POST', '/api/study-planner/sessions', { token: as, body });

describe('planning a session', () => {
  it('answers 201 with the session, duration 60 when none is given', async () => {
    const scheduledAt = inDays(1);
    const res = await plan({ title: 'Read chapter 3', subject: 'History', scheduledAt });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      title: 'Read chapter 3',
      subject: 'History',
      duration: 60,
      scheduledAt,
      completed: false,
      completedAt: null,
    });
  });

  it('stores the instant in UTC whatever offset it was sent with', async () => {
    const res = await plan({
      title: 'Evening',
      subject: 'Maths',
      duration: 45,
      scheduledAt: '2030-06-01T20:30:00+02:00',
    });
    expect(res.body.scheduledAt).toBe('2030-06-01T18:30:00.000Z');
  });

  it.each([
    ['no title', { subject: 'S', scheduledAt: inDays(1) }, 'Please fill in all fields: Session Title is missing'],
    [
      'a blank subject',
      { title: 'T', subject: ' ', scheduledAt: inDays(1) },
      'Please fill in all fields: Subject is missing',
    ],
    ['no date', { title: 'T', subject: 'S' }, 'Please fill in all fields: Scheduled Date & Time is missing'],
    [
      'an empty date',
      { title: 'T', subject: 'S', scheduledAt: '' },
      'Please fill in all fields: Scheduled Date & Time is missing',
    ],
    [
      'a date without its zone',
      { title: 'T', subject: 'S', scheduledAt: '2030-01-01T10:00' },
      expect.stringMatching(/with its zone/),
    ],
    [
      '0 minutes',
      { title: 'T', subject: 'S', scheduledAt: inDays(1), duration: 0 },
      'Duration must be between 1 and 1440 minutes',
    ],
    [
      '1441 minutes',
      { title: 'T', subject: 'S', scheduledAt: inDays(1), duration: 1441 },
      'Duration must be between 1 and 1440 minutes',
    ],
    [
      '2.5 minutes',
      { title: 'T', subject: 'S', scheduledAt: inDays(1), duration: 2.5 },
      'Duration must be a whole number of minutes',
    ],
    [
      'the year 0001 (it used to come back as 2001)',
      { title: 'T', subject: 'S', scheduledAt: '0001-01-01T00:00:00Z' },
      'Dates must fall between the years 1900 and 2999',
    ],
    [
      'the year 0099',
      { title: 'T', subject: 'S', scheduledAt: '0099-06-01T12:00:00Z' },
      'Dates must fall between the years 1900 and 2999',
    ],
    [
      'the year 3000',
      { title: 'T', subject: 'S', scheduledAt: '3000-01-01T00:00:00Z' },
      'Dates must fall between the years 1900 and 2999',
    ],
  ])('refuses %s with 400', async (_label, body, error) => {
    const res = await plan(body);
    expect(res).toMatchObject({ status: 400, body: { error } });
  });

  it('keeps a session at the edges of the years it accepts exactly as planned', async () => {
    for (const scheduledAt of ['1900-01-01T00:00:00.000Z', '2999-12-31T23:00:00.000Z']) {
      const res = await plan({ title: 'Edge', subject: 'S', scheduledAt });
      expect(res.status).toBe(201);
      expect(res.body.scheduledAt).toBe(scheduledAt);
    }
  });

  it('accepts the limits 1 and 1440 minutes', async () => {
    expect((await plan({ title: 'T', subject: 'S', scheduledAt: inDays(2), duration: 1 })).status).toBe(201);
    expect((await plan({ title: 'T', subject: 'S', scheduledAt: inDays(2), duration: 1440 })).status).toBe(201);
  });
});

describe('the calendar', () => {
  it('lists what is ahead by default, earliest first, and a week with from/to', async () => {
    const learner = await signUp(t);
    await plan({ title: 'Past', subject: 'S', scheduledAt: inDays(-2) }, learner.token);
    await plan({ title: 'Later', subject: 'S', scheduledAt: inDays(9) }, learner.token);
    await plan({ title: 'Soon', subject: 'S', scheduledAt: inDays(1) }, learner.token);
    const ahead = await t.request('GET', '/api/study-planner/calendar', { token: learner.token });
    expect(ahead.body.upcomingSessions.map((s: { title: string }) => s.title)).toEqual(['Soon', 'Later']);

    const week = await t.request('GET', `/api/study-planner/calendar?from=${inDays(-3, 0)}&to=${inDays(4, 0)}`, {
      token: learner.token,
    });
    expect(week.body.upcomingSessions.map((s: { title: string }) => s.title)).toEqual(['Past', 'Soon']);
  });

  it.each([
    ['only from', `?from=${inDays(0)}`],
    ['from after to', `?from=${inDays(3)}&to=${inDays(1)}`],
    ['over a year', `?from=${inDays(0)}&to=${inDays(400)}`],
    ['a bad date', '?from=monday&to=friday'],
  ])('refuses %s with 400', async (_label, query) => {
    const res = await t.request('GET', `/api/study-planner/calendar${query}`, { token: t.learner.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });
});

describe('changing a session', () => {
  it('edits, marks completed once, reopens, and deletes', async () => {
    const session = (await plan({ title: 'Draft', subject: 'S', scheduledAt: inDays(1) })).body;
    const edited = await t.request('PATCH', `/api/study-planner/sessions/${session.id}`, {
      token: t.learner.token,
      body: { title: 'Final', duration: 30 },
    });
    expect(edited.body).toMatchObject({ title: 'Final', duration: 30, subject: 'S' });
    const done = await t.request('PATCH', `/api/study-planner/sessions/${session.id}`, {
      token: t.learner.token,
      body: { completed: true },
    });
    expect(done.body).toMatchObject({ completed: true, completedAt: expect.any(String) });
    const again = await t.request('PATCH', `/api/study-planner/sessions/${session.id}`, {
      token: t.learner.token,
      body: { completed: true },
    });
    expect(again.body.completedAt).toBe(done.body.completedAt);
    const reopened = await t.request('PATCH', `/api/study-planner/sessions/${session.id}`, {
      token: t.learner.token,
      body: { completed: false },
    });
    expect(reopened.body).toMatchObject({ completed: false, completedAt: null });
    expect(
      (await t.request('DELETE', `/api/study-planner/sessions/${session.id}`, { token: t.learner.token })).status,
    ).toBe(204);
    expect(
      (await t.request('DELETE', `/api/study-planner/sessions/${session.id}`, { token: t.learner.token })).status,
    ).toBe(404);
  });

  it('never shows or touches another learner’s sessions', async () => {
    const mine = (await plan({ title: 'Mine', subject: 'S', scheduledAt: inDays(1) })).body;
    const other = await signUp(t);
    expect(
      (await t.request('GET', '/api/study-planner/calendar', { token: other.token })).body.upcomingSessions,
    ).toEqual([]);
    const patch = await t.request('PATCH', `/api/study-planner/sessions/${mine.id}`, {
      token: other.token,
      body: { title: 'x' },
    });
    expect(patch).toMatchObject({ status: 404, body: { error: 'Study session not found' } });
    expect((await t.request('DELETE', `/api/study-planner/sessions/${mine.id}`, { token: other.token })).status).toBe(
      404,
    );
  });
});
