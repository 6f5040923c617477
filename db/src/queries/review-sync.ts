import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { CardState, flashcardReviews, flashcards } from '../schema';
import type { FlashcardReviewRow, FlashcardRow } from './flashcards';

/** Which of these review ids are recorded already, and for whose card. */
export const findRecordedReviews = (db: DbOrTx, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: flashcardReviews.id, cardId: flashcardReviews.cardId, userId: flashcardReviews.userId })
        .from(flashcardReviews)
        .where(inArray(flashcardReviews.id, ids));

/**
 * The learner's cards among `ids`, locked for the rest of the transaction (in id order, so two
 * syncs of the same cards queue up instead of deadlocking). A card missing was deleted, or is not theirs.
 */
export const lockCardsToSync = (db: DbOrTx, userId: string, ids: string[]): Promise<FlashcardRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(flashcards)
        .where(and(eq(flashcards.userId, userId), inArray(flashcards.id, ids)))
        .orderBy(asc(flashcards.id))
        .for('update');

/**
 * Per card, its reviews made at or after `since`, and the one review just before them (the
 * anchor a rebuild starts from): oldest first, in (reviewed_at, id) order.
 */
export async function reviewsFrom(db: DbOrTx, from: { cardId: string; since: Date }[]): Promise<FlashcardReviewRow[]> {
  if (from.length === 0) return [];
  const wanted = sql.join(
    from.map((f) => sql`(${f.cardId}::uuid, ${f.since.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const r = flashcardReviews;
  return db
    .select()
    .from(r)
    .innerJoin(sql`(values ${wanted}) as wanted(card_id, since)`, sql`wanted.card_id = ${r.cardId}`)
    .where(
      sql`${r.reviewedAt} >= coalesce((select max(p.reviewed_at) from ${flashcardReviews} p
        where p.card_id = wanted.card_id and p.reviewed_at < wanted.since), wanted.since)`,
    )
    .orderBy(asc(r.cardId), asc(r.reviewedAt), asc(r.id))
    .then((rows) => rows.map((row) => row.flashcard_reviews));
}

export const insertReviews = (db: DbOrTx, rows: (typeof flashcardReviews.$inferInsert)[]) =>
  rows.length === 0
    ? Promise.resolve()
    : db
        .insert(flashcardReviews)
        .values(rows)
        .then(() => undefined);

/** A review's record of the card before it: rewritten when an earlier review arrives late. */
export type ReviewBefore = Omit<
  FlashcardReviewRow,
  'id' | 'cardId' | 'userId' | 'rating' | 'reviewedAt' | 'durationMs'
>;

export const updateReviewBefore = (db: DbOrTx, id: string, before: ReviewBefore) =>
  db.update(flashcardReviews).set(before).where(eq(flashcardReviews.id, id));

/**
 * What the browser keeps for studying offline: the learner's unsuspended cards due by `until`,
 * soonest first, and the next `newLimit` new cards in the order a session takes them.
 */
export async function listOfflineCards(
  db: DbOrTx,
  userId: string,
  until: Date,
  max: number,
  newLimit: number,
): Promise<FlashcardRow[]> {
  const mine = and(eq(flashcards.userId, userId), eq(flashcards.suspended, false));
  const [due, fresh] = await Promise.all([
    db
      .select()
      .from(flashcards)
      .where(and(mine, ne(flashcards.state, CardState.new), lte(flashcards.due, until)))
      .orderBy(asc(flashcards.due), asc(flashcards.id))
      .limit(max),
    db
      .select()
      .from(flashcards)
      .where(and(mine, eq(flashcards.state, CardState.new)))
      .orderBy(asc(flashcards.createdAt), asc(flashcards.id))
      .limit(newLimit),
  ]);
  return [...due, ...fresh];
}
