import { describe, expect, it } from 'vitest';
import { startApp } from '../../test/helper';

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

  it('holds three weeks of real study: a reviewed deck, a planned week, a taken test and a room', async () => {
    const t = await startApp({ SEED_DEMO: 'true', DEMO_EMAIL: 'full@learnboost.test', DEMO_PASSWORD: 'try-it-now' });
    try {
      const { token } = (
        await t.request('POST', '/api/auth/login', { body: { email: 'full@learnboost.test', password: 'try-it-now' } })
      ).body;
      const deck = (await t.request('GET', '/api/flashcards', { token })).body;
      // 12 basic cards and one cloze text with two deletions, in nested decks.
      expect(deck.total).toBe(14);
      expect(deck.cards.filter((c: { kind: string }) => c.kind === 'cloze')).toHaveLength(2);
      const decks = (await t.request('GET', '/api/decks', { token })).body;
      expect(decks.map((d: { name: string }) => d.name)).toEqual([
        'Biology',
        'Biology::Cells',
        'Biology::Plants',
        'Geography',
        'My Flashcards',
      ]);
      const reviewed = deck.cards.filter((c: { reps: number }) => c.reps > 0);
      expect(reviewed).toHaveLength(9);
      // Made through the real review path: FSRS spread the cards out over the weeks.
      expect(Math.max(...reviewed.map((c: { scheduledDays: number }) => c.scheduledDays))).toBeGreaterThan(3);
      expect(deck.dueCount).toBeGreaterThanOrEqual(4);

      const overview = (await t.request('GET', '/api/dashboard/overview', { token })).body;
      expect(overview.activity.filter((d: { count: number }) => d.count > 0).length).toBeGreaterThanOrEqual(10);
      expect(overview.streak.longest).toBeGreaterThanOrEqual(3);
      expect(overview.achievements.find((a: { id: string }) => a.id === 'first-flashcard').earned).toBe(true);

      const tests = (await t.request('GET', '/api/knowledge-tests', { token })).body;
      expect(tests).toHaveLength(1);
      const test = (await t.request('GET', `/api/knowledge-tests/${tests[0].id}`, { token })).body;
      expect(test.results.at(-1).score).toBe(67);
      const rooms = (await t.request('GET', '/api/group-learning/rooms', { token })).body;
      expect(rooms.map((r: { title: string }) => r.title)).toEqual(['Biology study group']);
      // The whole planned week, this Monday to next: the days before today are done.
      const monday = new Date();
      monday.setUTCHours(0, 0, 0, 0);
      monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
      const from = monday.toISOString();
      const to = new Date(monday.getTime() + 7 * 86_400_000).toISOString();
      const week = (await t.request('GET', `/api/study-planner/calendar?from=${from}&to=${to}`, { token })).body;
      expect(week.upcomingSessions).toHaveLength(5);
      for (const s of week.upcomingSessions) expect(s.completed).toBe(Date.parse(s.scheduledAt) < Date.now());
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
