import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { signUp, startApp, useTestApp } from '../../../test/helper';

const t = useTestApp();

const feedOf = async (token: string) =>
  (await t.request('GET', '/api/study-planner/feed', { token })).body.url as string;
const pathOf = (url: string) => url.slice(url.indexOf('/api/'));

describe('the calendar feed', () => {
  it('is valid iCalendar with every session, parsed by a real parser', async () => {
    const { token } = await signUp(t);
    await t.request('POST', '/api/study-planner/sessions', {
      token,
      body: { title: 'Essay; draft, "final"', subject: 'Writing', duration: 45, scheduledAt: '2030-03-29T16:00:00Z' },
    });
    await t.request('POST', '/api/study-planner/sessions', {
      token,
      body: { title: 'Flashcards', subject: 'Biology', scheduledAt: '2030-03-31T07:30:00Z' },
    });
    const url = await feedOf(token);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/study-planner\/calendar\.ics\?token=[\w-]{40,}$/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary)).toEqual(['Essay; draft, "final"', 'Flashcards']);
    expect(events[0]?.startDate.toJSDate().toISOString()).toBe('2030-03-29T16:00:00.000Z');
    expect(events[0]?.endDate.toJSDate().toISOString()).toBe('2030-03-29T16:45:00.000Z');
    expect(events[1]?.endDate.toJSDate().toISOString()).toBe('2030-03-31T08:30:00.000Z');
    expect(events[0]?.uid).toMatch(/@learnboost$/);
  });

  it('escapes the subject in CATEGORIES, so S;x,y\\z stays one category', async () => {
    const { token } = await signUp(t);
    await t.request('POST', '/api/study-planner/sessions', {
      token,
      body: { title: 'Odd subject', subject: 'S;x,y\\z', scheduledAt: '2030-04-01T10:00:00Z' },
    });
    const text = await (await fetch(await feedOf(token))).text();
    expect(text).toContain('CATEGORIES:S\\;x\\,y\\\\z\r\n');
    const [event] = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
    expect(event?.getFirstProperty('categories')?.getValues()).toEqual(['S;x,y\\z']);
  });

  it('builds its link from the listen address, not from the Host header a client sends', async () => {
    const { token } = await signUp(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/study-planner/feed',
      headers: { authorization: `Bearer ${token}`, host: 'evil.example' },
    });
    expect(res.json().url).toMatch(new RegExp(`^${t.url}/api/study-planner/calendar\\.ics\\?token=`));
    expect(res.json().url).not.toContain('evil.example');
  });

  it('builds its link from PUBLIC_URL when set', async () => {
    const configured = await startApp({ PUBLIC_URL: 'https://learnboost.example/' });
    try {
      const { token } = await signUp(configured);
      const url = (await configured.request('GET', '/api/study-planner/feed', { token })).body.url as string;
      expect(url).toMatch(/^https:\/\/learnboost\.example\/api\/study-planner\/calendar\.ics\?token=[\w-]{40,}$/);
      const rotated = await configured.request('POST', '/api/study-planner/feed/rotate', { token });
      expect(rotated.body.url).toMatch(/^https:\/\/learnboost\.example\/api\//);
    } finally {
      await configured.close();
    }
  });

  it('keeps the same URL until rotated; the old URL then stops working', async () => {
    const { token } = await signUp(t);
    const first = await feedOf(token);
    expect(await feedOf(token)).toBe(first);
    const rotated = (await t.request('POST', '/api/study-planner/feed/rotate', { token })).body.url;
    expect(rotated).not.toBe(first);
    expect((await t.request('GET', pathOf(first))).status).toBe(404);
    expect((await t.request('GET', pathOf(rotated))).status).toBe(200);
  });

  it('answers 404 without a valid secret, and never accepts the login token', async () => {
    const { token } = await signUp(t);
    for (const query of ['', '?token=', '?token=nope', `?token=${token}`]) {
      const res = await t.request('GET', `/api/study-planner/calendar.ics${query}`);
      expect(res).toMatchObject({ status: 404, body: { error: 'Calendar feed not found' } });
    }
  });

  it('is an empty but valid calendar for a learner with no sessions', async () => {
    const { token } = await signUp(t);
    const text = await (await fetch(await feedOf(token))).text();
    expect(new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent')).toEqual([]);
  });
});

describe('planner weeks across daylight-saving changes', () => {
  // Monday 00:00 to the next Monday 00:00 in the learner's zone: 167 hours across the spring change.
  it.each([
    [
      'Europe/Berlin',
      '2030-04-01T00:00:00+02:00',
      '2030-03-25T00:00:00+01:00',
      '2030-03-31T23:30:00+02:00',
      '2030-04-01T00:30:00+02:00',
    ],
    [
      'America/New_York',
      '2030-03-11T00:00:00-04:00',
      '2030-03-04T00:00:00-05:00',
      '2030-03-10T23:30:00-04:00',
      '2030-03-11T00:30:00-04:00',
    ],
  ])(
    '%s: a week holds Sunday 23:30 and not the next Monday 00:30',
    async (_zone, nextMonday, monday, sundayLate, mondayEarly) => {
      const { token } = await signUp(t);
      for (const [title, scheduledAt] of [
        ['Sunday late', sundayLate],
        ['Next Monday early', mondayEarly],
      ]) {
        await t.request('POST', '/api/study-planner/sessions', { token, body: { title, subject: 'S', scheduledAt } });
      }
      const from = encodeURIComponent(new Date(monday).toISOString());
      const to = encodeURIComponent(new Date(nextMonday).toISOString());
      const week = await t.request('GET', `/api/study-planner/calendar?from=${from}&to=${to}`, { token });
      expect(week.body.upcomingSessions.map((s: { title: string }) => s.title)).toEqual(['Sunday late']);
    },
  );
});
