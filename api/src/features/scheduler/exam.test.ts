import { flashcardReviews, flashcards } from '@learnboost/db';
import { and, eq, lte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../../test/helper';
import { addDays, dayBounds, dayOf } from '../../lib/local-days';
import { retrievability, seededRandom } from '../../lib/scheduling/schedule';
import { reviewCard } from '../flashcards/flashcards.service';

const t = useTestApp();

describe('an exam date on a deck', () => {
  it('reviews every card at least once in the final window, and the exam-day retention reaches the target', async () => {
    const learner = await signUp(t);
    const { token } = learner;
    const deck = (await t.request('POST', '/api/decks', { token, body: { name: 'Anatomy' } })).body;
    for (let i = 0; i < 40; i++)
      await t.request('POST', '/api/flashcards', {
        token,
        body: { question: `bone ${i}`, answer: 'a', deckId: deck.id },
      });
    const today = dayOf(new Date(), 'UTC');
    const examDate = addDays(today, 21);

    const set = await t.request('PATCH', `/api/decks/${deck.id}`, { token, body: { examDate } });
    expect(set.status).toBe(200);
    expect(set.body.name).toBe('Anatomy');
    const planned = (await t.request('GET', `/api/decks/${deck.id}/exam`, { token })).body;
    expect(planned).toMatchObject({ examDate, windowDays: expect.any(Number) });
    expect(planned.days).toHaveLength(21);
    expect(planned.predictedRetention).toBeGreaterThanOrEqual(0.9);
    expect((await t.request('GET', '/api/scheduler/exams', { token })).body).toEqual([
      { deckId: deck.id, deckName: 'Anatomy', examDate },
    ]);

    // A learner who studies every day what is due, remembering as FSRS predicts.
    const scheduler = await t.app.schedulerSettings.get(t.db.db, learner.id);
    let draws = 0;
    for (let day = 0; day < 21; day++) {
      for (let pass = 0; pass < 4; pass++) {
        const at = new Date(dayBounds(addDays(today, day), 'UTC').start.getTime() + 9 * 3_600_000 + pass * 15 * 60_000);
        const due = await t.db.db
          .select()
          .from(flashcards)
          .where(and(eq(flashcards.userId, learner.id), lte(flashcards.due, at)));
        for (const card of due) {
          const recalled = card.state === 0 || seededRandom(`exam-learner:${draws++}`) < retrievability(card, at);
          await reviewCard({
            ...{ db: t.db.db, userId: learner.id, cardId: card.id, timeZone: 'UTC', now: at, scheduler },
            rating: recalled ? 3 : 1,
          });
        }
      }
    }
    const windowStart = dayBounds(addDays(examDate, -planned.windowDays), 'UTC').start;
    const cards = await t.db.db.select().from(flashcards).where(eq(flashcards.userId, learner.id));
    const reviews = await t.db.db.select().from(flashcardReviews).where(eq(flashcardReviews.userId, learner.id));
    for (const card of cards) {
      expect(reviews.some((r) => r.cardId === card.id && r.reviewedAt >= windowStart)).toBe(true);
    }
    const examStart = dayBounds(examDate, 'UTC').start;
    const onExamDay = cards.reduce((sum, c) => sum + retrievability(c, examStart), 0) / cards.length;
    expect(onExamDay).toBeGreaterThanOrEqual(0.9);
  });

  it('refuses a day in the past and another learner’s deck', async () => {
    const { token } = t.learner;
    const deck = (await t.request('POST', '/api/decks', { token, body: { name: 'Law' } })).body;
    const past = await t.request('PATCH', `/api/decks/${deck.id}`, { token, body: { examDate: '2020-01-01' } });
    expect(past.status).toBe(400);
    expect(
      (await t.request('PATCH', `/api/decks/${deck.id}`, { token, body: { examDate: '2030-02-31' } })).status,
    ).toBe(400);
    const other = await signUp(t);
    expect(
      (await t.request('PATCH', `/api/decks/${deck.id}`, { token: other.token, body: { examDate: '2099-01-01' } }))
        .status,
    ).toBe(404);
    expect((await t.request('GET', `/api/decks/${deck.id}/exam`, { token: other.token })).status).toBe(404);
    // Removed again: no exam.
    await t.request('PATCH', `/api/decks/${deck.id}`, { token, body: { examDate: '2099-01-01' } });
    await t.request('PATCH', `/api/decks/${deck.id}`, { token, body: { examDate: null } });
    expect((await t.request('GET', `/api/decks/${deck.id}/exam`, { token })).body.examDate).toBeNull();
  });
});
