import { flashcards } from '@learnboost/db';
import { eq } from 'drizzle-orm';
import { type Card, createEmptyCard, fsrs, type Grade, generatorParameters, get_fuzz_range, Rating } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../../test/helper';
import { reviewCard } from './flashcards.service';

const t = useTestApp();

const DAY = 86_400_000;

describe('a scripted review history', () => {
  it('schedules as ts-fsrs run directly, within its fuzz range: intervals grow on Remembered and shrink on Review Again', async () => {
    const learner = await signUp(t);
    const created = new Date('2030-01-06T09:00:00Z');
    const card = (
      await t.request('POST', '/api/flashcards', { token: learner.token, body: { question: 'q', answer: 'a' } })
    ).body;
    // The card was made at `created`; the api stamped it now, so both sides start from the same card.
    await t.db.db.update(flashcards).set({ due: created }).where(eq(flashcards.id, card.id));

    const direct = fsrs(generatorParameters());
    let expected: Card = createEmptyCard(created);
    let now = created;
    const intervals: number[] = [];
    const script: Grade[] = [
      Rating.Good,
      Rating.Good,
      Rating.Good,
      Rating.Good,
      Rating.Again,
      Rating.Good,
      Rating.Good,
    ];
    for (const grade of script) {
      const got = await reviewCard({
        db: t.db.db,
        userId: learner.id,
        cardId: card.id,
        timeZone: 'UTC',
        rating: grade,
        now,
      });
      const { card: next, log } = direct.next(expected, now, grade);
      expect(got).toMatchObject({ reps: next.reps, lapses: next.lapses });
      if (next.scheduled_days >= 3) {
        // Fuzzed (seeded by the card) within ts-fsrs's own range; the memory state is the same.
        const range = get_fuzz_range(next.scheduled_days, log.elapsed_days, direct.parameters.maximum_interval);
        expect(got.scheduledDays).toBeGreaterThanOrEqual(range.min_ivl);
        expect(got.scheduledDays).toBeLessThanOrEqual(range.max_ivl);
        expect(Date.parse(got.due) - now.getTime()).toBe(got.scheduledDays * DAY);
      } else {
        expect(got).toMatchObject({ due: next.due.toISOString(), scheduledDays: next.scheduled_days });
      }
      expected = { ...next, due: new Date(got.due), scheduled_days: got.scheduledDays };
      intervals.push(Date.parse(got.due) - now.getTime());
      // The learner comes back when the card is due.
      now = new Date(Math.max(Date.parse(got.due), now.getTime() + 60_000));
    }
    const [, , third, fourth, lapse, , last] = intervals as number[];
    expect(fourth).toBeGreaterThan(third as number);
    expect(third).toBeGreaterThan(DAY);
    expect(lapse).toBeLessThan(DAY);
    expect(last).toBeGreaterThan(lapse as number);
  });
});
