import type { FlashcardReviewRow, ScheduleFields } from '@learnboost/db';
import {
  type Card,
  createEmptyCard,
  fsrs,
  type Grade,
  generatorParameters,
  Rating,
  type ReviewLog,
  type State,
} from 'ts-fsrs';
import { fromWallClock, toWallClock } from '../time-zone';

// FSRS-6 with ts-fsrs's default parameters (90% target retention, 1m/10m learning steps).
const scheduler = fsrs(generatorParameters());

export const gradeOf = (remembered: boolean | undefined, rating: Grade | undefined): Grade =>
  rating ?? (remembered ? Rating.Good : Rating.Again);

/** Hard, Good and Easy are remembered; Again is forgotten (the spec's "Remembered"/"Review Again"). */
export const isRemembered = (rating: number): boolean => rating > Rating.Again;

/** Longer than this on one card is an idle tab, not study. */
export const MAX_REVIEW_MS = 60_000;
/** A review's study time, as the log keeps it: a card left open over lunch is not an hour of study. */
export const reviewDuration = (durationMs: number): number => Math.max(0, Math.min(durationMs, MAX_REVIEW_MS));

/** What a review row keeps: ts-fsrs's log, plus the exact due the card had before. */
export type ReviewRecord = Pick<
  FlashcardReviewRow,
  | 'rating'
  | 'state'
  | 'due'
  | 'stability'
  | 'difficulty'
  | 'elapsedDays'
  | 'lastElapsedDays'
  | 'scheduledDays'
  | 'learningSteps'
  | 'stateAfter'
  | 'reviewedAt'
>;

const toCard = (c: ScheduleFields): Card => ({
  due: c.due,
  stability: c.stability,
  difficulty: c.difficulty,
  elapsed_days: c.elapsedDays,
  scheduled_days: c.scheduledDays,
  learning_steps: c.learningSteps,
  reps: c.reps,
  lapses: c.lapses,
  state: c.state as State,
  last_review: c.lastReview ?? undefined,
});

const fromCard = (c: Card): ScheduleFields => ({
  due: c.due,
  stability: c.stability,
  difficulty: c.difficulty,
  elapsedDays: c.elapsed_days,
  scheduledDays: c.scheduled_days,
  learningSteps: c.learning_steps,
  reps: c.reps,
  lapses: c.lapses,
  state: c.state,
  lastReview: c.last_review ?? null,
});

/** A card never studied, as ts-fsrs starts one at `at`. */
export const newCardSchedule = (at: Date): ScheduleFields => fromCard(createEmptyCard(at));

/**
 * One review, scheduled in the learner's days. ts-fsrs counts days between UTC midnights, so
 * every instant is handed to it as the learner's wall clock (reviews at 23:30 and at 00:30 local
 * are a day apart, whatever UTC says) and the new due is turned back into a real instant.
 */
export function scheduleReview(
  card: ScheduleFields,
  grade: Grade,
  now: Date,
  timeZone: string,
): { next: ScheduleFields; record: ReviewRecord } {
  const wall = (d: Date) => toWallClock(d, timeZone);
  const local = toCard({ ...card, due: wall(card.due), lastReview: card.lastReview ? wall(card.lastReview) : null });
  const { card: scheduled, log } = scheduler.next(local, wall(now), grade);
  const next = { ...fromCard(scheduled), due: fromWallClock(scheduled.due, timeZone), lastReview: now };
  return { next, record: toRecord(log, card.due, next.state, now) };
}

const toRecord = (log: ReviewLog, dueBefore: Date, stateAfter: number, now: Date): ReviewRecord => ({
  rating: log.rating,
  state: log.state,
  due: dueBefore,
  stability: log.stability,
  difficulty: log.difficulty,
  elapsedDays: log.elapsed_days,
  lastElapsedDays: log.last_elapsed_days,
  scheduledDays: log.scheduled_days,
  learningSteps: log.learning_steps,
  stateAfter,
  reviewedAt: now,
});

/**
 * The card as it was before `review`. ts-fsrs's rollback restores the memory state (stability,
 * difficulty, steps, reps, lapses); it cannot know the exact due the card had, nor the review
 * before, so those come from our own log.
 */
export function rollbackReview(
  card: ScheduleFields,
  review: ReviewRecord,
  previousReviewAt: Date | null,
): ScheduleFields {
  const before = scheduler.rollback(toCard(card), {
    rating: review.rating as Grade,
    state: review.state as State,
    due: previousReviewAt ?? review.due,
    stability: review.stability,
    difficulty: review.difficulty,
    elapsed_days: review.elapsedDays,
    last_elapsed_days: review.lastElapsedDays,
    scheduled_days: review.scheduledDays,
    learning_steps: review.learningSteps,
    review: review.reviewedAt,
  });
  return { ...fromCard(before), due: review.due, lastReview: previousReviewAt };
}
