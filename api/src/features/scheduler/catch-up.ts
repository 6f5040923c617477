import {
  averageDailyReviews,
  countBacklogReviewed,
  countOverdue,
  type Db,
  type FlashcardRow,
  latestReviewAt,
  listMostForgotten,
} from '@learnboost/db';
import type { TBacklog } from '../../contract';
import { dayBounds, dayOf } from '../../lib/local-days';
import type { SchedulerSettings } from '../../lib/scheduling/schedule';

/** The backlog is offered to be spread when it holds more than this many days of usual load. */
const OFFER_AFTER_DAYS = 3;
/** The usual load: reviews a day over the 30 days before the learner's latest review. */
const USUAL_WINDOW_DAYS = 30;
const MIN_SHARE = 10;

/**
 * "Catch up gently": how big the learner's backlog (review cards due before today) is against
 * their usual day, and whether to offer spreading it.
 */
export async function backlogState({
  db,
  userId,
  timeZone,
  catchUpPerDay,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  timeZone: string;
  catchUpPerDay: number | null;
  now?: Date;
}): Promise<TBacklog> {
  const { start } = dayBounds(dayOf(now, timeZone), timeZone);
  const [overdue, last] = await Promise.all([countOverdue(db, userId, start), latestReviewAt(db, userId)]);
  const usual = last ? await averageDailyReviews(db, userId, new Date(last.getTime() + 1), USUAL_WINDOW_DAYS) : 0;
  const usualLoad = Math.round(usual * 10) / 10;
  const suggested = Math.max(MIN_SHARE, Math.ceil(usual));
  const share = catchUpPerDay ?? suggested;
  return {
    overdue,
    usualLoad,
    offered: overdue > Math.max(1, OFFER_AFTER_DAYS * usual),
    catchUpPerDay,
    suggestedPerDay: suggested,
    daysToClear: overdue ? Math.ceil(overdue / share) : 0,
  };
}

/**
 * Today's share of the backlog, most forgotten first (lowest retrievability): the cap less what
 * was already reviewed of it today. Nothing about a card changes; the rest stays due, in line
 * for the next days. Undoing a review puts its card back in today's share.
 */
export async function backlogShare({
  db,
  userId,
  timeZone,
  scheduler,
  catchUpPerDay,
  now,
  deckId,
}: {
  db: Db;
  userId: string;
  timeZone: string;
  scheduler: SchedulerSettings;
  catchUpPerDay: number;
  now: Date;
  deckId?: string;
}): Promise<{ cards: FlashcardRow[]; backlogFrom: Date }> {
  const { start, end } = dayBounds(dayOf(now, timeZone), timeZone);
  const done = await countBacklogReviewed(db, userId, start, end);
  const left = Math.max(0, catchUpPerDay - done);
  const decay = -(scheduler.parameters[20] ?? 0.1542);
  const cards = left ? await listMostForgotten(db, userId, now, start, decay, left, deckId) : [];
  return { cards, backlogFrom: start };
}
