import { and, asc, count, desc, eq, getTableColumns, gt, gte, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../client';
import { preparedStatement } from '../prepared';
import { decks, flashcardPractice, flashcardReviews, flashcards, studyDays } from '../schema';
import { inDeck } from './decks';

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

const p = sql.placeholder;

// A card's columns under their field names, so a raw statement's rows are FlashcardRows.
const cardColumns = sql.join(
  Object.entries(getTableColumns(flashcards)).map(([field, column]) => sql`${column} as ${sql.identifier(field)}`),
  sql`, `,
);

// A review is the hottest thing a learner does: its read and its write are prepared once.
const cardVersion = preparedStatement<FlashcardRow & { version: string }>(
  'find_card_version',
  sql`select ${cardColumns}, ${flashcards}.xmin::text as version from ${flashcards}
    where ${flashcards.id} = ${p('id')}::uuid and ${flashcards.userId} = ${p('userId')}::uuid`,
);

/** The owned card and its row version (PostgreSQL's xmin), for an optimistic write. */
export const findOwnedCardVersion = async (db: Db, userId: string, id: string) => {
  const [row] = await cardVersion(db, { id, userId });
  if (!row) return undefined;
  const { version, ...card } = row;
  return { card, version };
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
        due = ${p('due')}::timestamptz, stability = ${p('stability')}::float8, difficulty = ${p('difficulty')}::float8,
        elapsed_days = ${p('elapsedDays')}::int, scheduled_days = ${p('scheduledDays')}::int,
        learning_steps = ${p('learningSteps')}::int, reps = ${p('reps')}::int, lapses = ${p('lapses')}::int,
        state = ${p('state')}::smallint, last_review = ${p('lastReview')}::timestamptz, updated_at = now()
      where id = ${p('cardId')}::uuid and user_id = ${p('userId')}::uuid and xmin::text = ${p('version')}::text
      returning id
    ),
    rollup as (
      insert into ${studyDays} (user_id, day, reviews, review_ms, remembered, last_review_at)
      select ${p('userId')}::uuid, to_char(${p('reviewedAt')}::timestamptz at time zone ${p('timeZone')}::text, 'YYYY-MM-DD'),
        1, ${p('durationMs')}::int, ${p('remembered')}::int, ${p('reviewedAt')}::timestamptz
      from updated
      on conflict (user_id, day) do update set
        reviews = ${studyDays.reviews} + 1,
        review_ms = ${studyDays.reviewMs} + excluded.review_ms,
        remembered = ${studyDays.remembered} + excluded.remembered,
        last_review_at = greatest(${studyDays.lastReviewAt}, excluded.last_review_at)
    )
    insert into ${flashcardReviews} (card_id, user_id, rating, state, due, stability, difficulty,
      elapsed_days, last_elapsed_days, scheduled_days, learning_steps, state_after, reviewed_at, duration_ms)
    select id, ${p('userId')}::uuid, ${p('rating')}::smallint, ${p('logState')}::smallint, ${p('logDue')}::timestamptz,
      ${p('logStability')}::float8, ${p('logDifficulty')}::float8, ${p('logElapsedDays')}::int,
      ${p('logLastElapsedDays')}::int, ${p('logScheduledDays')}::int, ${p('logLearningSteps')}::int,
      ${p('stateAfter')}::smallint, ${p('reviewedAt')}::timestamptz, ${p('durationMs')}::int
    from updated
    returning id`,
);

type ReviewLogFields = Omit<typeof flashcardReviews.$inferInsert, 'id' | 'cardId' | 'userId'>;

/** Saves a review unless the card changed since `version` was read: false → read it again. */
export async function saveReviewIfUnchanged(
  db: Db,
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
  const rows = await reviewWrite(db, {
    cardId,
    userId,
    version,
    timeZone,
    due: next.due,
    stability: next.stability,
    difficulty: next.difficulty,
    elapsedDays: next.elapsedDays,
    scheduledDays: next.scheduledDays,
    learningSteps: next.learningSteps,
    reps: next.reps,
    lapses: next.lapses,
    state: next.state,
    lastReview: next.lastReview,
    rating: log.rating,
    logState: log.state,
    logDue: log.due,
    logStability: log.stability,
    logDifficulty: log.difficulty,
    logElapsedDays: log.elapsedDays,
    logLastElapsedDays: log.lastElapsedDays,
    logScheduledDays: log.scheduledDays,
    logLearningSteps: log.learningSteps,
    stateAfter: log.stateAfter,
    reviewedAt: log.reviewedAt ?? new Date(),
    // Capped by the service (MAX_REVIEW_MS): a card left open over lunch is not an hour of study.
    durationMs: log.durationMs ?? 0,
    remembered: log.rating > 1 ? 1 : 0,
  });
  return rows.length === 1;
}

// ts-fsrs states: 0 New, 1 Learning, 2 Review, 3 Relearning.
const NEW = 0;

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
): Promise<FlashcardRow[]> {
  const due = await db
    .select()
    .from(flashcards)
    .where(
      and(
        eq(flashcards.userId, userId),
        notSuspended,
        inDeck(deckId),
        ne(flashcards.state, NEW),
        or(lte(flashcards.due, now), and(ne(flashcards.state, 2), lte(flashcards.due, learnAheadUntil))),
      ),
    )
    .orderBy(sql`case when ${flashcards.state} = 2 then 1 else 0 end`, asc(flashcards.due), asc(flashcards.id))
    .limit(max);
  const fresh =
    newLimit > 0 && due.length < max
      ? await db
          .select()
          .from(flashcards)
          .where(and(eq(flashcards.userId, userId), notSuspended, inDeck(deckId), eq(flashcards.state, NEW)))
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
        eq(flashcardReviews.state, NEW),
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
      at: sql<Date | null>`min(${flashcards.due}) filter (where (${flashcards.state} = 2 and ${flashcards.due} > ${now.toISOString()}::timestamptz)
        or (${flashcards.state} in (1, 3) and ${flashcards.due} > ${learnAheadUntil.toISOString()}::timestamptz))`,
      newWaiting: sql<number>`count(*) filter (where ${flashcards.state} = ${NEW})`.mapWith(Number),
    })
    .from(flashcards)
    .where(and(eq(flashcards.userId, userId), notSuspended, inDeck(deckId)));
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
    .where(
      and(
        eq(flashcards.userId, userId),
        notSuspended,
        inDeck(deckId),
        ne(flashcards.state, NEW),
        gt(flashcards.due, now),
      ),
    )
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
