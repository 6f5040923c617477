import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { flashcardReviews, flashcards, studyDays } from '../schema';

export type FlashcardRow = typeof flashcards.$inferSelect;
export type FlashcardReviewRow = typeof flashcardReviews.$inferSelect;
export type ScheduleFields = Pick<
  FlashcardRow,
  | 'due'
  | 'stability'
  | 'difficulty'
  | 'elapsedDays'
  | 'scheduledDays'
  | 'learningSteps'
  | 'reps'
  | 'lapses'
  | 'state'
  | 'lastReview'
>;

export const findOwnedCard = async (db: DbOrTx, userId: string, id: string): Promise<FlashcardRow | undefined> => {
  const [row] = await db
    .select()
    .from(flashcards)
    .where(and(eq(flashcards.id, id), eq(flashcards.userId, userId)))
    .limit(1);
  return row;
};

/** Locks the card for the rest of the transaction, so two reviews of one card queue up. */
export const lockOwnedCard = async (db: DbOrTx, userId: string, id: string): Promise<FlashcardRow | undefined> => {
  const [row] = await db
    .select()
    .from(flashcards)
    .where(and(eq(flashcards.id, id), eq(flashcards.userId, userId)))
    .for('update')
    .limit(1);
  return row;
};

/** A page of the deck, soonest due first; `after` is the (due, id) of the previous page's last card. */
export const listDeckPage = (db: DbOrTx, userId: string, limit: number, after?: { due: Date; id: string }) =>
  db
    .select()
    .from(flashcards)
    .where(
      and(
        eq(flashcards.userId, userId),
        after
          ? sql`(${flashcards.due}, ${flashcards.id}) > (${after.due.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(flashcards.due), asc(flashcards.id))
    .limit(limit);

export const countDeck = async (db: DbOrTx, userId: string, now: Date): Promise<{ total: number; due: number }> => {
  const [row] = await db
    .select({ total: count(), due: sql<number>`count(*) filter (where ${lte(flashcards.due, now)})`.mapWith(Number) })
    .from(flashcards)
    .where(eq(flashcards.userId, userId));
  return { total: row?.total ?? 0, due: row?.due ?? 0 };
};

export const insertCards = (db: DbOrTx, rows: (typeof flashcards.$inferInsert)[]) =>
  db.insert(flashcards).values(rows).returning();

export const updateCard = async (
  db: DbOrTx,
  id: string,
  values: Partial<Pick<FlashcardRow, 'question' | 'answer'>> | ScheduleFields,
): Promise<FlashcardRow> => {
  const [row] = await db
    .update(flashcards)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(flashcards.id, id))
    .returning();
  return row as FlashcardRow;
};

export const deleteOwnedCard = async (db: DbOrTx, userId: string, id: string): Promise<boolean> => {
  const rows = await db
    .delete(flashcards)
    .where(and(eq(flashcards.id, id), eq(flashcards.userId, userId)))
    .returning({ id: flashcards.id });
  return rows.length > 0;
};

export const insertReview = (db: DbOrTx, row: typeof flashcardReviews.$inferInsert) =>
  db.insert(flashcardReviews).values(row);

/** The card's newest reviews, newest first (the undo target and the one before it). */
export const latestReviews = (db: DbOrTx, cardId: string, limit: number): Promise<FlashcardReviewRow[]> =>
  db
    .select()
    .from(flashcardReviews)
    .where(eq(flashcardReviews.cardId, cardId))
    .orderBy(desc(flashcardReviews.reviewedAt), desc(flashcardReviews.id))
    .limit(limit);

export const deleteReview = (db: DbOrTx, id: string) => db.delete(flashcardReviews).where(eq(flashcardReviews.id, id));

/** Every question in the deck, to flag an import's duplicates. */
export const listDeckQuestions = async (db: DbOrTx, userId: string): Promise<string[]> => {
  const rows = await db.select({ question: flashcards.question }).from(flashcards).where(eq(flashcards.userId, userId));
  return rows.map((r) => r.question);
};

/** The whole deck in the order it was written, for export. */
export const listDeckForExport = (db: DbOrTx, userId: string) =>
  db
    .select({ question: flashcards.question, answer: flashcards.answer })
    .from(flashcards)
    .where(eq(flashcards.userId, userId))
    .orderBy(asc(flashcards.createdAt), asc(flashcards.id));

/** The owned card and its row version (PostgreSQL's xmin), for an optimistic write. */
export const findOwnedCardVersion = async (db: DbOrTx, userId: string, id: string) => {
  const [row] = await db
    .select({ card: flashcards, version: sql<string>`${flashcards}.xmin::text` })
    .from(flashcards)
    .where(and(eq(flashcards.id, id), eq(flashcards.userId, userId)))
    .limit(1);
  return row;
};

type ReviewLogFields = Omit<typeof flashcardReviews.$inferInsert, 'id' | 'cardId' | 'userId'>;

const ts = (d: Date | null) => (d ? sql`${d.toISOString()}::timestamptz` : sql`null`);

/**
 * Writes a review in one atomic statement: the card's new schedule, only if the card is still
 * the version that was read, its log row, and the learner's day in the study-day rollup. Answers false when someone else changed the card
 * meanwhile (a second tab rating it): the caller reads it again.
 */
export async function saveReviewIfUnchanged(
  db: DbOrTx,
  input: {
    cardId: string;
    userId: string;
    version: string;
    next: ScheduleFields;
    log: ReviewLogFields;
    timeZone: string;
  },
): Promise<boolean> {
  const { cardId, userId, version, next, log, timeZone } = input;
  const reviewedAt = log.reviewedAt ?? new Date();
  const durationMs = Math.min(log.durationMs ?? 0, 60_000);
  const result = await db.execute(sql`
    with updated as (
      update ${flashcards} set
        due = ${ts(next.due)}, stability = ${next.stability}, difficulty = ${next.difficulty},
        elapsed_days = ${next.elapsedDays}, scheduled_days = ${next.scheduledDays},
        learning_steps = ${next.learningSteps}, reps = ${next.reps}, lapses = ${next.lapses},
        state = ${next.state}, last_review = ${ts(next.lastReview)}, updated_at = now()
      where id = ${cardId}::uuid and user_id = ${userId}::uuid and xmin::text = ${version}
      returning id
    ),
    rollup as (
      insert into ${studyDays} (user_id, day, reviews, review_ms, remembered, last_review_at)
      select ${userId}::uuid, to_char(${ts(reviewedAt)} at time zone ${timeZone}, 'YYYY-MM-DD'), 1, ${durationMs},
        ${log.rating > 1 ? 1 : 0}, ${ts(reviewedAt)}
      from updated
      on conflict (user_id, day) do update set
        reviews = ${studyDays.reviews} + 1,
        review_ms = ${studyDays.reviewMs} + excluded.review_ms,
        remembered = ${studyDays.remembered} + excluded.remembered,
        last_review_at = greatest(${studyDays.lastReviewAt}, excluded.last_review_at)
    )
    insert into ${flashcardReviews} (card_id, user_id, rating, state, due, stability, difficulty,
      elapsed_days, last_elapsed_days, scheduled_days, learning_steps, state_after, reviewed_at, duration_ms)
    select id, ${userId}::uuid, ${log.rating}, ${log.state}, ${ts(log.due)}, ${log.stability}, ${log.difficulty},
      ${log.elapsedDays}, ${log.lastElapsedDays}, ${log.scheduledDays}, ${log.learningSteps}, ${log.stateAfter},
      ${ts(reviewedAt)}, ${log.durationMs ?? 0}
    from updated
    returning id`);
  // postgres.js answers the rows as an array; PGlite as { rows }.
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return rows.length === 1;
}
