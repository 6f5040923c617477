import { flashcards } from '@learnboost/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../../test/helper';

const t = useTestApp();
const MINUTE = 60_000;
const DAY = 86_400_000;

async function learnerWithCards(questions: string[]) {
  const learner = await signUp(t);
  const ids: string[] = [];
  for (const question of questions) {
    const res = await t.request('POST', '/api/flashcards', {
      token: learner.token,
      body: { question, answer: `${question} answer` },
    });
    ids.push(res.body.id);
  }
  return { ...learner, ids };
}
const queueOf = async (token: string) => (await t.request('GET', '/api/flashcards/study', { token })).body;
const setCard = (id: string, values: Partial<typeof flashcards.$inferInsert>) =>
  t.db.db.update(flashcards).set(values).where(eq(flashcards.id, id));

describe('a study session', () => {
  it('takes learning cards first, then due reviews, then new cards, and never a card not yet due', async () => {
    const l = await learnerWithCards(['new one', 'review due', 'learning due', 'review later', 'new two']);
    const [newOne, reviewDue, learningDue, reviewLater] = l.ids as [string, string, string, string];
    const now = Date.now();
    const reviewed = { stability: 5, difficulty: 5, lastReview: new Date(now - 6 * DAY), scheduledDays: 5 };
    await setCard(reviewDue, { ...reviewed, state: 2, due: new Date(now - DAY), reps: 3 });
    await setCard(learningDue, { ...reviewed, state: 1, due: new Date(now - MINUTE), reps: 1 });
    await setCard(reviewLater, { ...reviewed, state: 2, due: new Date(now + 3 * DAY), reps: 4 });
    const queue = await queueOf(l.token);
    expect(queue.cards.map((c: { question: string }) => c.question)).toEqual([
      'learning due',
      'review due',
      'new one',
      'new two',
    ]);
    expect(queue.cards[2].id).toBe(newOne);
    // The session ends before the card due in three days: that is when the next one comes.
    expect(Math.abs(Date.parse(queue.nextDueAt) - (now + 3 * DAY))).toBeLessThan(1000);
  });

  it('starts at most the daily number of new cards, counting those already started today', async () => {
    const l = await learnerWithCards(['a', 'b', 'c', 'd']);
    const settings = await t.request('PATCH', '/api/me/settings', { token: l.token, body: { newCardsPerDay: 2 } });
    expect(settings.body.newCardsPerDay).toBe(2);
    let queue = await queueOf(l.token);
    expect(queue.cards.map((c: { question: string }) => c.question)).toEqual(['a', 'b']);
    expect(queue).toMatchObject({ newLeft: 0, newCardsPerDay: 2 });

    // One new card is started (Good: it is now learning and comes back in minutes).
    await t.request('PUT', `/api/flashcards/${l.ids[0]}/review`, { token: l.token, body: { rating: 4 } });
    queue = await queueOf(l.token);
    // 'a' is no longer new; only one new card is left for today.
    expect(queue.cards.map((c: { question: string }) => c.question)).toEqual(['b']);
    // The held-back new cards wait for the learner's tomorrow.
    expect(Date.parse(queue.nextDueAt)).toBeGreaterThan(Date.now());
  });

  it('says when the card would come back for each rating, as the review then schedules it', async () => {
    const l = await learnerWithCards(['preview me']);
    const [card] = (await queueOf(l.token)).cards;
    const at = (k: string) => Date.parse(card.previews[k]);
    expect(at('again')).toBeLessThanOrEqual(at('hard'));
    expect(at('hard')).toBeLessThanOrEqual(at('good'));
    expect(at('good')).toBeLessThan(at('easy'));
    const reviewed = await t.request('PUT', `/api/flashcards/${card.id}/review`, {
      token: l.token,
      body: { rating: 3 },
    });
    // Rated a moment later than previewed: the same step, to within that moment.
    expect(Math.abs(Date.parse(reviewed.body.due) - at('good'))).toBeLessThan(5_000);
  });

  it("never shows another learner's cards, and refuses a daily limit out of range", async () => {
    const mine = await learnerWithCards(['mine']);
    await learnerWithCards(['theirs']);
    expect((await queueOf(mine.token)).cards.map((c: { question: string }) => c.question)).toEqual(['mine']);
    const bad = await t.request('PATCH', '/api/me/settings', { token: mine.token, body: { newCardsPerDay: -1 } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'New cards per day are between 0 and 9999' } });
  });
});

describe('learning steps due in a few minutes', () => {
  it('come last, after everything due now, instead of ending the session early', async () => {
    const l = await learnerWithCards(['step soon', 'new card']);
    const now = Date.now();
    await setCard(l.ids[0] as string, {
      state: 1,
      due: new Date(now + 5 * MINUTE),
      stability: 1,
      difficulty: 5,
      reps: 1,
      lastReview: new Date(now - 5 * MINUTE),
    });
    const queue = await queueOf(l.token);
    expect(queue.cards.map((c: { question: string }) => c.question)).toEqual(['new card', 'step soon']);
  });
});
