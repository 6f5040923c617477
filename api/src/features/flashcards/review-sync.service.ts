import {
  type DbOrTx,
  type FlashcardReviewRow,
  type FlashcardRow,
  findRecordedReviews,
  insertReviews,
  lockCardsToSync,
  type ReviewBefore,
  rebuildStudyDays,
  reviewsFrom,
  type ScheduleFields,
  updateCard,
  updateReviewBefore,
} from '@learnboost/db';
import {
  REVIEW_ID_TAKEN,
  SYNC_CARD_DELETED,
  SYNC_CARD_SUSPENDED,
  SYNC_CLOCK_SKEW_MS,
  SYNC_IN_FUTURE,
  SYNC_MAX_AGE_DAYS,
  SYNC_TOO_OLD,
  type TRating,
  type TSyncAnswer,
  type TSyncResult,
  type TSyncReview,
} from '../../contract';
import { isUniqueViolation } from '../../lib/errors';
import type { LearnerContext } from '../../lib/learner-context';
import { dayBounds, dayOf } from '../../lib/local-days';
import {
  DEFAULT_SCHEDULER,
  reviewDuration,
  rollbackReview,
  type SchedulerSettings,
  scheduleReview,
} from '../../lib/scheduling/schedule';
import { toOfflineCard } from './offline-snapshot';

type SyncInput = LearnerContext & {
  timeZone: string;
  reviews: TSyncReview[];
  /** The learner's scheduler (app.schedulerSettings); absent: FSRS's defaults. */
  scheduler?: SchedulerSettings;
};

/** A review of the batch, checked and waiting to be written. */
type Incoming = { id: string; cardId: string; rating: TRating; reviewedAt: Date; durationMs: number };

// Ids compared as PostgreSQL orders uuids: lower-case hex.
const incomingOf = (r: TSyncReview, reviewedAt: Date): Incoming => ({
  id: r.id.toLowerCase(),
  cardId: r.cardId.toLowerCase(),
  rating: r.rating,
  reviewedAt,
  durationMs: reviewDuration(r.durationMs ?? 0),
});

/** A card's log order: by time, then by id (as undo reads "the last review"). */
const compare = (a: { reviewedAt: Date; id: string }, b: { reviewedAt: Date; id: string }) =>
  a.reviewedAt.getTime() - b.reviewedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Tries after a write raced another copy of the same review (online and sync at once). */
const SYNC_ATTEMPTS = 3;

/**
 * Applies an outbox of reviews made offline, all or nothing, and says per review what became of
 * it: `applied`, `duplicate` (its id is recorded already: nothing is written) or `rejected` with
 * the reason (its card was deleted or suspended, its time is out of bounds). A card's schedule
 * is rebuilt from its log in review-time order, so reviews arriving late land where they were
 * made, and the card ends as if every review had been made online.
 */
export async function syncReviews(input: SyncInput): Promise<TSyncAnswer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await input.db.transaction((tx) => applyBatch(tx, input));
    } catch (err) {
      // The same review written elsewhere meanwhile: the next try reads it as a duplicate.
      if (attempt < SYNC_ATTEMPTS && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

async function applyBatch(tx: DbOrTx, input: SyncInput) {
  const { userId, timeZone, reviews, now = new Date(), scheduler = DEFAULT_SCHEDULER } = input;
  const results: TSyncResult[] = reviews.map((r) => ({ id: r.id.toLowerCase(), status: 'applied' }));
  const reject = (i: number, reason: string) => {
    results[i] = { id: results[i]?.id ?? '', status: 'rejected', reason };
  };
  const oldest = now.getTime() - SYNC_MAX_AGE_DAYS * 86_400_000;
  const newest = now.getTime() + SYNC_CLOCK_SKEW_MS;
  const inTime: { i: number; review: Incoming }[] = [];
  reviews.forEach((r, i) => {
    const reviewedAt = new Date(r.reviewedAt);
    if (reviewedAt.getTime() < oldest) reject(i, SYNC_TOO_OLD);
    else if (reviewedAt.getTime() > newest) reject(i, SYNC_IN_FUTURE);
    else inTime.push({ i, review: incomingOf(r, reviewedAt) });
  });

  const [recorded, cards] = await Promise.all([
    findRecordedReviews(tx, [...new Set(inTime.map((x) => x.review.id))]),
    lockCardsToSync(tx, userId, [...new Set(inTime.map((x) => x.review.cardId))]),
  ]);
  const owner = new Map(recorded.map((r) => [r.id, r]));
  const cardById = new Map(cards.map((c) => [c.id, c]));
  const incoming = new Map<string, Incoming[]>();
  const answered = new Set<string>();
  for (const { i, review } of inTime) {
    const prior = owner.get(review.id);
    if (prior) {
      if (prior.userId !== userId || prior.cardId !== review.cardId) reject(i, REVIEW_ID_TAKEN);
      else {
        results[i] = { id: review.id, status: 'duplicate' };
        answered.add(review.cardId);
      }
      continue;
    }
    const card = cardById.get(review.cardId);
    if (!card) reject(i, SYNC_CARD_DELETED);
    else if (card.suspended) reject(i, SYNC_CARD_SUSPENDED);
    else {
      // Later in this same batch, the id reads as recorded.
      owner.set(review.id, { id: review.id, cardId: review.cardId, userId });
      incoming.set(card.id, [...(incoming.get(card.id) ?? []), review]);
      answered.add(card.id);
    }
  }

  const rebuilt = await rebuildCards(tx, { userId, timeZone, scheduler }, cardById, incoming);
  const days = new Set([...incoming.values()].flat().map((r) => dayOf(r.reviewedAt, timeZone)));
  for (const day of days) await rebuildStudyDays(tx, userId, timeZone, { day, ...dayBounds(day, timeZone) });
  const touched = [...answered]
    .map((id) => rebuilt.get(id) ?? cardById.get(id))
    .filter((c): c is FlashcardRow => c !== undefined);
  return { results, cards: touched.map(toOfflineCard) };
}

/**
 * Each card with new reviews: rolled back to before the first review the new ones precede (as
 * undo does, from the log), then every review from there replayed in time order. The log rows
 * replayed keep their rating and time; what they record of the card before them is rewritten.
 */
async function rebuildCards(
  tx: DbOrTx,
  { userId, timeZone, scheduler }: { userId: string; timeZone: string; scheduler: SchedulerSettings },
  cardById: Map<string, FlashcardRow>,
  incoming: Map<string, Incoming[]>,
): Promise<Map<string, FlashcardRow>> {
  for (const list of incoming.values()) list.sort(compare);
  const from = [...incoming].map(([cardId, list]) => ({ cardId, since: (list[0] as Incoming).reviewedAt }));
  const logs = new Map<string, FlashcardReviewRow[]>();
  for (const row of await reviewsFrom(tx, from)) logs.set(row.cardId, [...(logs.get(row.cardId) ?? []), row]);
  const inserts: (FlashcardReviewRow & { durationMs: number })[] = [];
  const rebuilt = new Map<string, FlashcardRow>();
  for (const [cardId, fresh] of incoming) {
    const card = cardById.get(cardId) as FlashcardRow;
    const first = fresh[0] as Incoming;
    const log = logs.get(cardId) ?? [];
    const kept = log.filter((r) => compare(r, first) < 0);
    const displaced = log.filter((r) => compare(r, first) > 0);
    let schedule: ScheduleFields = card;
    for (let j = displaced.length - 1; j >= 0; j--) {
      const previousAt = (j > 0 ? displaced[j - 1] : kept.at(-1))?.reviewedAt ?? null;
      schedule = rollbackReview(schedule, displaced[j] as FlashcardReviewRow, previousAt, scheduler);
    }
    const replay = [
      ...displaced.map((row) => ({ row, review: row })),
      ...fresh.map((review) => ({ row: undefined, review })),
    ];
    replay.sort((a, b) => compare(a.review, b.review));
    for (const { row, review } of replay) {
      // Not load-balanced: the device that studied offline drew the day from the same seed.
      const at = review.reviewedAt;
      const { next, record } = scheduleReview(
        { ...card, ...schedule },
        review.rating as TRating,
        at,
        timeZone,
        scheduler,
      );
      if (row) await updateReviewBefore(tx, row.id, beforeOf(record));
      else inserts.push({ ...record, id: review.id, cardId, userId, durationMs: review.durationMs });
      schedule = next;
    }
    rebuilt.set(cardId, await updateCard(tx, cardId, pickSchedule(schedule)));
  }
  await insertReviews(tx, inserts);
  return rebuilt;
}

const beforeOf = (r: ReviewBefore): ReviewBefore => ({
  state: r.state,
  due: r.due,
  stability: r.stability,
  difficulty: r.difficulty,
  elapsedDays: r.elapsedDays,
  lastElapsedDays: r.lastElapsedDays,
  scheduledDays: r.scheduledDays,
  learningSteps: r.learningSteps,
  stateAfter: r.stateAfter,
});

const pickSchedule = (s: ScheduleFields): ScheduleFields => ({
  due: s.due,
  stability: s.stability,
  difficulty: s.difficulty,
  elapsedDays: s.elapsedDays,
  scheduledDays: s.scheduledDays,
  learningSteps: s.learningSteps,
  reps: s.reps,
  lapses: s.lapses,
  state: s.state,
  lastReview: s.lastReview,
});
