import type { TCardState, TOfflineCard, TRating, TRatingPreviews } from '@learnboost/api/contract';
import { type SchedulerSettings, scheduleReview } from '@learnboost/api/scheduling';

// ts-fsrs's State numbers, as the server's CardState keeps them.
const STATES: TCardState[] = ['new', 'learning', 'review', 'relearning'];

export type LocalScheduler = { timeZone: string; settings: SchedulerSettings };

const fieldsOf = (card: TOfflineCard) => ({
  id: card.id,
  due: new Date(card.due),
  stability: card.stability,
  difficulty: card.difficulty,
  elapsedDays: card.elapsedDays,
  scheduledDays: card.scheduledDays,
  learningSteps: card.learningSteps,
  reps: card.reps,
  lapses: card.lapses,
  state: STATES.indexOf(card.state),
  lastReview: card.lastReviewedAt ? new Date(card.lastReviewedAt) : null,
});

/**
 * The card after a rating at `at`, by the server's own scheduling code (the same ts-fsrs, the
 * learner's parameters and retention, the same seeded fuzz): the sync later writes the same due.
 */
export function rateLocally(card: TOfflineCard, rating: TRating, at: Date, scheduler: LocalScheduler): TOfflineCard {
  const { next } = scheduleReview(fieldsOf(card), rating, at, scheduler.timeZone, scheduler.settings);
  return {
    ...card,
    due: next.due.toISOString(),
    stability: next.stability,
    difficulty: next.difficulty,
    elapsedDays: next.elapsedDays,
    scheduledDays: next.scheduledDays,
    learningSteps: next.learningSteps,
    reps: next.reps,
    lapses: next.lapses,
    state: STATES[next.state] ?? 'new',
    lastReviewedAt: next.lastReview?.toISOString() ?? null,
  };
}

/** When the card would come back for each rating, if rated now (what the buttons show). */
export function previewsOf(card: TOfflineCard, now: Date, scheduler: LocalScheduler): TRatingPreviews {
  const due = (rating: TRating) => rateLocally(card, rating, now, scheduler).due;
  return { again: due(1), hard: due(2), good: due(3), easy: due(4) };
}
