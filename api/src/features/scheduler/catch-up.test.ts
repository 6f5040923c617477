import { flashcards } from '@learnboost/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../../test/helper';
import { retrievability } from '../../lib/scheduling/schedule';

const t = useTestApp();

describe('catching up gently after a break', () => {
  it('serves the backlog a share a day, most forgotten first, changing no card’s memory; undo works across it', async () => {
    const learner = await signUp(t);
    const { token } = learner;
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const card = (await t.request('POST', '/api/flashcards', { token, body: { question: `q${i}`, answer: 'a' } }))
        .body;
      await t.request('PUT', `/api/flashcards/${card.id}/review`, { token, body: { rating: 4 } });
      ids.push(card.id);
    }
    // A month away: every card is overdue, by a different number of days.
    await t.db.db.execute(sql`
      update flashcards set due = due - (interval '1 day' * (30 + (ascii(substr(id::text, 1, 1)) % 10))),
        last_review = last_review - (interval '1 day' * (30 + (ascii(substr(id::text, 1, 1)) % 10)))
      where user_id = ${learner.id}`);
    await t.db.db.execute(
      sql`update flashcard_reviews set reviewed_at = reviewed_at - interval '40 days' where user_id = ${learner.id}`,
    );
    const memory = async () =>
      (await t.db.db.select().from(flashcards).where(eq(flashcards.userId, learner.id)).orderBy(flashcards.id)).map(
        (c) => ({
          id: c.id,
          due: c.due.toISOString(),
          stability: c.stability,
          difficulty: c.difficulty,
          reps: c.reps,
        }),
      );
    const before = await memory();

    const backlog = (await t.request('GET', '/api/scheduler/backlog', { token })).body;
    expect(backlog).toMatchObject({ overdue: 60, offered: true, catchUpPerDay: null });
    expect(backlog.usualLoad).toBeGreaterThan(0);

    const on = await t.request('PATCH', '/api/scheduler', { token, body: { catchUpPerDay: 10 } });
    expect(on.body.catchUpPerDay).toBe(10);
    const queue = (await t.request('GET', '/api/flashcards/study', { token })).body.cards as { id: string }[];
    expect(queue).toHaveLength(10);
    // The ten least likely to be remembered now, lowest first.
    const now = new Date();
    const rows = await t.db.db.select().from(flashcards).where(eq(flashcards.userId, learner.id));
    const rOf = new Map(rows.map((c) => [c.id, retrievability(c, now)]));
    const served = queue.map((c) => rOf.get(c.id) as number);
    const waiting = rows.filter((c) => !queue.some((q) => q.id === c.id)).map((c) => rOf.get(c.id) as number);
    for (let i = 1; i < served.length; i++) expect(served[i]).toBeGreaterThanOrEqual((served[i - 1] as number) - 1e-9);
    expect(Math.max(...served)).toBeLessThanOrEqual(Math.min(...waiting) + 1e-9);
    expect(await memory()).toEqual(before);

    // One reviewed: nine of today's share left; undone: ten again, and the card as it was.
    const first = queue[0]?.id as string;
    expect((await t.request('PUT', `/api/flashcards/${first}/review`, { token, body: { rating: 3 } })).status).toBe(
      200,
    );
    expect((await t.request('GET', '/api/flashcards/study', { token })).body.cards).toHaveLength(9);
    expect((await t.request('POST', `/api/flashcards/${first}/undo`, { token, body: {} })).status).toBe(200);
    expect((await t.request('GET', '/api/flashcards/study', { token })).body.cards).toHaveLength(10);
    expect(await memory()).toEqual(before);
    const [reviews] = (await t.db.db
      .execute(sql`select count(*)::int as n from flashcard_reviews where user_id = ${learner.id}`)
      .then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows))) as { n: number }[];
    expect(reviews?.n).toBe(60);

    // Off again: the whole backlog is due at once, as before.
    await t.request('PATCH', '/api/scheduler', { token, body: { catchUpPerDay: null } });
    expect((await t.request('GET', '/api/flashcards/study', { token })).body.cards).toHaveLength(60);
    expect(ids).toHaveLength(60);
  });
});
