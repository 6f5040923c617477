import type { ScheduleFields } from '@learnboost/db';
import type { Grade } from 'ts-fsrs';
import {
  DEFAULT_SCHEDULER,
  newCardSchedule,
  type ReviewRecord,
  reviewDuration,
  type SchedulerSettings,
  scheduleReview,
} from '../../lib/scheduling/schedule';
import type { AnkiReview } from './collection';

// revlog.type
const MANUAL = 4;
const RESCHEDULED = 5;

export type HistoryStep =
  /** A review with a grade, replayed through FSRS. */
  | { kind: 'review'; at: Date; grade: Grade; durationMs: number }
  /** "Forget" in Anki: the card became new again. */
  | { kind: 'forget'; at: Date };

/**
 * What a revlog row means for FSRS. Rows with a grade (ease 1–4) are reviews, whatever the
 * deck (filtered-deck reviews count, as in Anki's own FSRS). Rows without one (ease 0) are
 * manual schedule changes: a "Forget" (interval 0) resets the card to new; a "Set due date"
 * moves a due date by hand and is not replayed, since FSRS would only overwrite it.
 */
export function historyStep(r: AnkiReview): HistoryStep | null {
  const at = new Date(r.at);
  if (r.ease >= 1 && r.ease <= 4 && r.type !== MANUAL && r.type !== RESCHEDULED) {
    return { kind: 'review', at, grade: r.ease as Grade, durationMs: reviewDuration(r.ms) };
  }
  if (r.ease === 0 && (r.type === MANUAL || r.type === RESCHEDULED) && r.ivl === 0) return { kind: 'forget', at };
  return null;
}

export type ReplayedReview = ReviewRecord & { durationMs: number };

/**
 * A card's schedule rebuilt from its history, review by review, exactly as if each had been
 * made in LearnBoost (the learner's scheduler, same time zone handling, fuzz seeded by the card's
 * `seed`, its id). Reviews before a "Forget" are
 * kept in the log but no longer shape the schedule. No history: a new card, due `now`.
 */
export function replayHistory(
  steps: HistoryStep[],
  now: Date,
  timeZone: string,
  settings: SchedulerSettings = DEFAULT_SCHEDULER,
  seed?: string,
): { schedule: ScheduleFields; reviews: ReplayedReview[] } {
  let schedule: ScheduleFields | null = null;
  const reviews: ReplayedReview[] = [];
  for (const step of steps) {
    if (step.kind === 'forget') {
      schedule = null;
      continue;
    }
    const { next, record } = scheduleReview(
      schedule ?? newCardSchedule(step.at),
      step.grade,
      step.at,
      timeZone,
      settings,
      {
        seed,
      },
    );
    reviews.push({ ...record, durationMs: step.durationMs });
    schedule = next;
  }
  return { schedule: schedule ?? newCardSchedule(now), reviews };
}
