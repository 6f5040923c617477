import type { ScheduleFields } from '@learnboost/db';
import { Rating } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { toWallClock } from '../../lib/time-zone';
import { rollbackReview, scheduleReview } from './schedule';

const newCard = (at: Date): ScheduleFields => ({
  due: at,
  stability: 0,
  difficulty: 0,
  elapsedDays: 0,
  scheduledDays: 0,
  learningSteps: 0,
  reps: 0,
  lapses: 0,
  state: 0,
  lastReview: null,
});

describe('scheduling in the learner’s days', () => {
  it('counts a day between 23:30 and 09:00 the next local morning, though UTC sees one day', () => {
    const first = new Date('2026-01-11T04:30:00Z'); // 23:30 on the 10th in New York
    const second = new Date('2026-01-11T14:00:00Z'); // 09:00 on the 11th in New York
    const inNewYork = scheduleReview(newCard(first), Rating.Easy, first, 'America/New_York').next;
    const inUtc = scheduleReview(newCard(first), Rating.Easy, first, 'UTC').next;
    expect(scheduleReview(inNewYork, Rating.Good, second, 'America/New_York').record.elapsedDays).toBe(1);
    expect(scheduleReview(inUtc, Rating.Good, second, 'UTC').record.elapsedDays).toBe(0);
  });

  it('keeps the time of day across a daylight-saving change', () => {
    const reviewedAt = new Date('2026-03-27T09:00:00Z'); // 10:00 in Berlin, two days before DST
    let card = scheduleReview(newCard(reviewedAt), Rating.Easy, reviewedAt, 'Europe/Berlin').next;
    card = scheduleReview(card, Rating.Easy, card.due, 'Europe/Berlin').next;
    expect(card.scheduledDays).toBeGreaterThan(2);
    const wall = toWallClock(card.due, 'Europe/Berlin');
    expect(wall.getUTCMonth()).toBeGreaterThanOrEqual(3);
    expect(wall.getUTCHours()).toBe(10);
  });

  it('schedules remembered later than review-again', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const again = scheduleReview(newCard(now), Rating.Again, now, 'UTC').next;
    const good = scheduleReview(newCard(now), Rating.Good, now, 'UTC').next;
    expect(again.due.getTime() - now.getTime()).toBe(60_000);
    expect(good.due.getTime() - now.getTime()).toBe(600_000);
    expect(good.reps).toBe(1);
  });

  it('rolls a review back to exactly the card it was', () => {
    const t0 = new Date('2026-05-01T12:00:00Z');
    const t1 = new Date('2026-05-03T08:00:00Z');
    const t2 = new Date('2026-05-09T19:00:00Z');
    const first = scheduleReview(newCard(t0), Rating.Good, t0, 'Asia/Tokyo');
    const second = scheduleReview(first.next, Rating.Easy, t1, 'Asia/Tokyo');
    const third = scheduleReview(second.next, Rating.Again, t2, 'Asia/Tokyo');
    expect(third.next.lapses).toBe(second.next.state === 2 ? 1 : 0);
    expect(rollbackReview(third.next, third.record, t1)).toEqual(second.next);
    expect(rollbackReview(second.next, second.record, t0)).toEqual(first.next);
    expect(rollbackReview(first.next, first.record, null)).toEqual(newCard(t0));
  });
});
