import { and, asc, count, desc, eq, getTableColumns, gt, gte, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../client';
import { type PreparedValue, preparedStatement } from '../prepared';
import { CardState, decks, flashcardPractice, flashcardReviews, flashcards, studyDays } from '../schema';
import { inDeck } from './decks';
import { stillInRoomDeck } from './room-decks';

// Literals in the SQL text, not parameters, so the planner sees the constants as before.
const REVIEW = sql.raw(String(CardState.review));
const IN_LEARNING = sql.raw(`(${CardState.learning}, ${CardState.relearning})`);

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

const notSuspended = eq(flashcards.suspended, false);
/** A learner's cards that may be studied, in a deck and those under it (all decks when none). */
const studiable = (userId: string, deckId?: string) =>
  and(eq(flashcards.userId, userId), notSuspended, inDeck(deckId), stillInRoomDeck);

/** A page of the deck, soonest due first; `after` is the (due, id) of the previous page's last card. */
export const listDeckPage = (
  db: DbOrTx,
  userId: string,
  limit: number,
  after?: { due: Date; id: string },
  deckId?: string,
) =>
  db
    .select()
    .from(flashcards)
    .where(
      and(
        eq(flashcards.userId, userId),
        inDeck(deckId),
        after
          ? sql`(${flashcards.due}, ${flashcards.id}) > (${after.due.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(flashcards.due), asc(flashcards.id))
    .limit(limit);

export const countDeck = async (
  db: DbOrTx,
  userId: string,
  now: Date,
  deckId?: string,
): Promise<{ total: number; due: number }> => {
  const [row] = await db
    .select({
      total: count(),
      due: sql<number>`count(*) filter (where ${and(lte(flashcards.due, now), notSuspended)})`.mapWith(Number),
    })
    .from(flashcards)
    .where(and(eq(flashcards.userId, userId), inDeck(deckId)));
  return { total: row?.total ?? 0, due: row?.due ?? 0 };
};

export type NewCard = Omit<typeof flashcards.$inferInsert, 'deckId'> & { deckId?: string };

// Every learner has a default deck from sign-up on (and from the decks migration for earlier ones).
const defaultDeckOf = (userId: string) =>
  sql<string>`(select ${decks.id} from ${decks} where ${decks.userId} = ${userId}::uuid and ${decks.isDefault})`;

/** Cards with no deck named go to their owner's default deck, in the same one statement. */
export const insertCards = (db: DbOrTx, rows: NewCard[]): Promise<FlashcardRow[]> =>
  db
    .insert(flashcards)
    .values(rows.map((row) => ({ ...row, deckId: row.deckId ?? defaultDeckOf(row.userId) })))
    .returning();

export const updateCard = async (
  db: DbOrTx,
  id: string,
  values: Partial<Pick<FlashcardRow, 'question' | 'answer' | 'deckId'>> | ScheduleFields,
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

/** The card's newest reviews, newest first (the undo target and the one before it). */
export const latestReviews = (db: DbOrTx, cardId: string, limit: number): Promise<FlashcardReviewRow[]> =>
  db
    .select()
    .from(flashcardReviews)
    .where(eq(flashcardReviews.cardId, cardId))
    .orderBy(desc(flashcardReviews.reviewedAt), desc(flashcardReviews.id))
    .limit(limit);

export const countCardReviews = async (db: DbOrTx, cardId: string): Promise<number> =>
  (
    await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(flashcardReviews)
      .where(eq(flashcardReviews.cardId, cardId))
  )[0]?.n ?? 0;

export const deleteReview = (db: DbOrTx, id: string) => db.delete(flashcardReviews).where(eq(flashcardReviews.id, id));

export const reviewExists = async (db: DbOrTx, cardId: string, id: string): Promise<boolean> =>
  (
    await db
      .select({ id: flashcardReviews.id })
      .from(flashcardReviews)
      .where(and(eq(flashcardReviews.id, id), eq(flashcardReviews.cardId, cardId)))
  ).length > 0;

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

const p = sql.placeholder;

// A card's columns under their field names, so a raw statement's rows are FlashcardRows.
const cardColumns = sql.join(
  Object.entries(getTableColumns(flashcards)).map(([field, column]) => sql`${column} as ${sql.identifier(field)}`),
  sql`, `,
);

// A review is the hottest thing a learner does: its read and its write are prepared once.
// With it, in the same trip, the card a review id was already recorded for (a retried review).
const cardVersion = preparedStatement<FlashcardRow & { version: string; recordedFor: string | null }>(
  'find_card_version',
  sql`select ${cardColumns}, ${flashcards}.xmin::text as version,
      (select r.card_id::text from ${flashcardReviews} r
        where r.id = ${p('reviewId')}::uuid and r.user_id = ${p('userId')}::uuid) as "recordedFor"
    from ${flashcards}
    where ${flashcards.id} = ${p('id')}::uuid and ${flashcards.userId} = ${p('userId')}::uuid`,
);

/**
 * The owned card and its row version (PostgreSQL's xmin), for an optimistic write; with a review
 * id, the card that review was already recorded for (null: not recorded yet).
 */
export const findOwnedCardVersion = async (db: Db, userId: string, id: string, reviewId?: string) => {
  const [row] = await cardVersion(db, { id, userId, reviewId: reviewId ?? null });
  if (!row) return undefined;
  const { version, recordedFor, ...card } = row;
  return { card, version, recordedFor };
};

/**
 * Writes a review in one atomic statement: the card's new schedule, only if the card is still
 * the version that was read, its log row, and the learner's day in the study-day rollup. No row:
 * someone else changed the card meanwhile (a second tab rating it).
 */
const reviewWrite = preparedStatement<{ id: string }>(
  'save_review_if_unchanged',
  sql`
    with updated as (
      update ${flashcards} set
        due = ${p('card_due')}::timestamptz, stability = ${p('card_stability')}::float8, difficulty = ${p('card_difficulty')}::float8,
        elapsed_days = ${p('card_elapsedDays')}::int, scheduled_days = ${p('card_scheduledDays')}::int,
        learning_steps = ${p('card_learningSteps')}::int, reps = ${p('card_reps')}::int, lapses = ${p('card_lapses')}::int,
        state = ${p('card_state')}::smallint, last_review = ${p('card_lastReview')}::timestamptz, updated_at = now()
      where id = ${p('cardId')}::uuid and user_id = ${p('userId')}::uuid and xmin::text = ${p('version')}::text
      returning id
    ),
    rollup as (
      insert into ${studyDays} (user_id, day, reviews, review_ms, remembered, last_review_at)
      select ${p('userId')}::uuid, to_char(${p('log_reviewedAt')}::timestamptz at time zone ${p('timeZone')}::text, 'YYYY-MM-DD'),
        1, ${p('log_durationMs')}::int, ${p('remembered')}::int, ${p('log_reviewedAt')}::timestamptz
      from updated
      on conflict (user_id, day) do update set
        reviews = ${studyDays.reviews} + 1,
        review_ms = ${studyDays.reviewMs} + excluded.review_ms,
        remembered = ${studyDays.remembered} + excluded.remembered,
        last_review_at = greatest(${studyDays.lastReviewAt}, excluded.last_review_at)
    )
    insert into ${flashcardReviews} (id, card_id, user_id, rating, state, due, stability, difficulty,
      elapsed_days, last_elapsed_days, scheduled_days, learning_steps, state_after, reviewed_at, duration_ms)
    select coalesce(${p('reviewId')}::uuid, gen_random_uuid()), id, ${p('userId')}::uuid, ${p('log_rating')}::smallint, ${p('log_state')}::smallint, ${p('log_due')}::timestamptz,
      ${p('log_stability')}::float8, ${p('log_difficulty')}::float8, ${p('log_elapsedDays')}::int,
      ${p('log_lastElapsedDays')}::int, ${p('log_scheduledDays')}::int, ${p('log_learningSteps')}::int,
      ${p('log_stateAfter')}::smallint, ${p('log_reviewedAt')}::timestamptz, ${p('log_durationMs')}::int
    from updated
    returning id`,
);

type ReviewLogFields = Omit<typeof flashcardReviews.$inferInsert, 'id' | 'cardId' | 'userId'>;

/** `fields` under `prefix`: the statement's parameters are named after the columns they fill. */
const prefixed = (prefix: string, fields: Record<string, unknown>): Record<string, PreparedValue> =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}${k}`, (v ?? null) as PreparedValue]));

/** Saves a review unless the card changed since `version` was read: false → read it again. */
export async function saveReviewIfUnchanged(
  db: Db,
  input: {
    cardId: string;
    userId: string;
    version: string;
    /** The client's name for the review (its id), so a retry is recognised; absent: a new id. */
    reviewId?: string;
    next: ScheduleFields;
    log: ReviewLogFields & { reviewedAt: Date; durationMs: number };
    /** Counted in the day's "remembered" (the scheduling rule decides what counts). */
    remembered: boolean;
    timeZone: string;
  },
): Promise<boolean> {
  const { cardId, userId, version, reviewId, next, log, remembered, timeZone } = input;
  const rows = await reviewWrite(db, {
    cardId,
    userId,
    version,
    reviewId: reviewId ?? null,
    timeZone,
    remembered: remembered ? 1 : 0,
    ...prefixed('card_', next),
    ...prefixed('log_', log),
  });
  return rows.length === 1;
}

/**
 * A study session's cards, in the order a learner takes them: learning and relearning cards due
 * now, review cards due now (oldest due first), up to `newLimit` new cards, and last the learning
 * steps due by `learnAheadUntil` (Anki's learn-ahead: a step due in minutes is studied rather than
 * waited for, once nothing else is left).
 */
export async function listStudyCards(
  db: DbOrTx,
  userId: string,
  now: Date,
  learnAheadUntil: Date,
  newLimit: number,
  max: number,
  deckId?: string,
  /** "Catch up gently": review cards due before this are left out (the scheduler feature serves its share). */
  reviewsDueFrom?: Date,
): Promise<FlashcardRow[]> {
  const due = await db
    .select()
    .from(flashcards)
    .where(
      and(
        studiable(userId, deckId),
        ne(flashcards.state, CardState.new),
        or(lte(flashcards.due, now), and(ne(flashcards.state, CardState.review), lte(flashcards.due, learnAheadUntil))),
        reviewsDueFrom ? or(ne(flashcards.state, CardState.review), gte(flashcards.due, reviewsDueFrom)) : undefined,
      ),
    )
    .orderBy(sql`case when ${flashcards.state} = ${REVIEW} then 1 else 0 end`, asc(flashcards.due), asc(flashcards.id))
    .limit(max);
  const fresh =
    newLimit > 0 && due.length < max
      ? await db
          .select()
          .from(flashcards)
          .where(and(studiable(userId, deckId), eq(flashcards.state, CardState.new)))
          .orderBy(asc(flashcards.createdAt), asc(flashcards.id))
          .limit(Math.min(newLimit, max - due.length))
      : [];
  const ahead = due.filter((c) => c.due > now);
  return [...due.filter((c) => c.due <= now), ...fresh, ...ahead];
}

/** New cards the learner started (first reviewed) in [start, end): they count against the daily limit. */
export async function countNewStarted(db: DbOrTx, userId: string, start: Date, end: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${flashcardReviews.cardId})`.mapWith(Number) })
    .from(flashcardReviews)
    .where(
      and(
        eq(flashcardReviews.userId, userId),
        eq(flashcardReviews.state, CardState.new),
        gte(flashcardReviews.reviewedAt, start),
        lt(flashcardReviews.reviewedAt, end),
      ),
    );
  return row?.n ?? 0;
}

/** When the first card left out of a session (see listStudyCards) falls due, and how many new cards wait. */
export async function nextDue(
  db: DbOrTx,
  userId: string,
  now: Date,
  learnAheadUntil: Date,
  deckId?: string,
): Promise<{ at: Date | null; newWaiting: number }> {
  const [row] = await db
    .select({
      at: sql<Date | null>`min(${flashcards.due}) filter (where (${flashcards.state} = ${REVIEW} and ${flashcards.due} > ${now.toISOString()}::timestamptz)
        or (${flashcards.state} in ${IN_LEARNING} and ${flashcards.due} > ${learnAheadUntil.toISOString()}::timestamptz))`,
      newWaiting: sql<number>`count(*) filter (where ${flashcards.state} = ${CardState.new})`.mapWith(Number),
    })
    .from(flashcards)
    .where(studiable(userId, deckId));
  const at = row?.at ? new Date(row.at) : null;
  return { at, newWaiting: row?.newWaiting ?? 0 };
}

/** Cards that are not due yet, soonest first: what "Study ahead" goes through. */
export const listUpcoming = (
  db: DbOrTx,
  userId: string,
  now: Date,
  limit: number,
  deckId?: string,
): Promise<FlashcardRow[]> =>
  db
    .select()
    .from(flashcards)
    .where(and(studiable(userId, deckId), ne(flashcards.state, CardState.new), gt(flashcards.due, now)))
    .orderBy(asc(flashcards.due), asc(flashcards.id))
    .limit(limit);

export const insertPractice = async (db: DbOrTx, row: typeof flashcardPractice.$inferInsert) => {
  const [saved] = await db.insert(flashcardPractice).values(row).returning();
  return saved as typeof flashcardPractice.$inferSelect;
};

/**
 * Refreshes the planner's statistics of the cards table after a large import. PGlite runs no
 * autovacuum, so without this a search in a freshly imported collection is planned blind (five
 * times slower on 100,000 cards); PostgreSQL would get there on its own, later.
 */
export async function analyzeFlashcards(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze ${flashcards}`);
}
