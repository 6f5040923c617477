import { and, asc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import { clientOf, type Db, type DbOrTx, isPglite, type Tx } from '../client';
import { ankiImports, decks, flashcardReviews, flashcards, media, mediaChunks } from '../schema';
import { type CopyClient, copyPieces } from './copy-pieces';
import { nameWithParents } from './decks';
import { insertPiecesPglite } from './pglite-pieces';

export type AnkiImportRow = typeof ankiImports.$inferSelect;

export const insertStagedImport = async (db: DbOrTx, row: typeof ankiImports.$inferInsert): Promise<AnkiImportRow> => {
  const [made] = await db.insert(ankiImports).values(row).returning();
  return made as AnkiImportRow;
};

/** The learner's own staged import, if it has not expired: another learner's is not found. */
/** The learner's staged import, expired or not (the service says which). */
export const findStagedImport = async (db: DbOrTx, userId: string, id: string) => {
  const [row] = await db
    .select()
    .from(ankiImports)
    .where(and(eq(ankiImports.id, id), eq(ankiImports.userId, userId)))
    .limit(1);
  return row;
};

/**
 * Marks a ready import as committing; false when another request already took it. `heartbeat`:
 * the commit will report signs of life (PostgreSQL), so one gone silent can be released.
 */
export const claimStagedImport = async (db: DbOrTx, id: string, total: number, heartbeat = false): Promise<boolean> => {
  const rows = await db
    .update(ankiImports)
    .set({ status: 'committing', done: 0, total, heartbeatAt: heartbeat ? sql`now()` : null })
    .where(and(eq(ankiImports.id, id), eq(ankiImports.status, 'ready')))
    .returning({ id: ankiImports.id });
  return rows.length === 1;
};

export const setImportProgress = (
  db: DbOrTx,
  id: string,
  values: Partial<Pick<AnkiImportRow, 'status' | 'done' | 'total'>>,
) => db.update(ankiImports).set(values).where(eq(ankiImports.id, id));

export const deleteStagedImport = (db: DbOrTx, id: string) => db.delete(ankiImports).where(eq(ankiImports.id, id));

/** Forgets the imports whose hour is up; their files are for the caller to remove. */
export const takeExpiredImports = async (db: DbOrTx, now: Date): Promise<string[]> =>
  (await db.delete(ankiImports).where(lt(ankiImports.expiresAt, now)).returning({ path: ankiImports.path })).map(
    (r) => r.path,
  );

/** The decks of these names, made where missing: name → id. */
export async function ensureDecks(db: DbOrTx, userId: string, names: string[]): Promise<Map<string, string>> {
  // With the decks above each, as Anki keeps them ("Biology" for "Biology::Cells").
  const withParents = new Set(names.flatMap(nameWithParents));
  if (withParents.size) {
    await db
      .insert(decks)
      .values([...withParents].map((name) => ({ userId, name })))
      .onConflictDoNothing();
  }
  const rows = await db
    .select({ id: decks.id, name: decks.name })
    .from(decks)
    .where(and(eq(decks.userId, userId), names.length ? inArray(decks.name, names) : sql`false`));
  return new Map(rows.map((r) => [r.name, r.id]));
}

export type MediaRow = typeof media.$inferSelect;

/**
 * An image's bytes: `media.bytes`, or, when that is empty, its pieces in order (written in pieces:
 * insertMediaInPieces). Joined by the database, so every reader gets the image whole as before.
 */
const mediaBytes = sql<Uint8Array>`case when octet_length(${media.bytes}) > 0 then ${media.bytes} else coalesce(
  (select string_agg(c.bytes, ''::bytea order by c.seq) from ${mediaChunks} c where c.media_id = ${media.id}),
  ${media.bytes}) end`.mapWith(media.bytes);
const mediaWithBytes = { ...getTableColumns(media), bytes: mediaBytes };

export const findMediaByNames = (db: DbOrTx, userId: string, names: string[]): Promise<MediaRow[]> =>
  names.length
    ? db
        .select(mediaWithBytes)
        .from(media)
        .where(and(eq(media.userId, userId), inArray(media.name, names)))
    : Promise.resolve([] as MediaRow[]);

/** The learner's image of this name, without its bytes (its size says whether they may match). */
export const findMediaSize = async (db: DbOrTx, userId: string, name: string) => {
  const [row] = await db
    .select({ id: media.id, size: media.size })
    .from(media)
    .where(and(eq(media.userId, userId), eq(media.name, name)))
    .limit(1);
  return row;
};

export const listMediaNames = async (db: DbOrTx, userId: string, prefix: string): Promise<string[]> =>
  (
    await db
      .select({ name: media.name })
      .from(media)
      .where(and(eq(media.userId, userId), sql`starts_with(${media.name}, ${prefix})`))
  ).map((r) => r.name);

export const insertMedia = (db: DbOrTx, rows: (typeof media.$inferInsert)[]) =>
  rows.length ? db.insert(media).values(rows).onConflictDoNothing() : Promise.resolve();

/** The most one piece of an image holds in media_chunks. */
export const MEDIA_PIECE_BYTES = 256 * 1024;

/**
 * Stores an image piece by piece (`pieces` in order, each at most MEDIA_PIECE_BYTES), inside the
 * caller's transaction `tx` (of `db`): on PostgreSQL by one binary COPY (postgres.js would send an
 * insert's bytea as hex text, twice its size as a string), on PGlite by its wire protocol in one
 * reused buffer (insertPiecesPglite). Nothing of the size of the image is made on the way. False
 * when the learner has an image of that name already (written meanwhile): nothing is stored.
 */
export async function insertMediaInPieces(
  db: Db,
  tx: Tx,
  row: Omit<typeof media.$inferInsert, 'bytes'>,
  pieces: Iterable<Uint8Array>,
): Promise<boolean> {
  const [made] = await tx
    .insert(media)
    .values({ ...row, bytes: new Uint8Array(0) })
    .onConflictDoNothing()
    .returning({ id: media.id });
  if (!made) return false;
  const client = clientOf(db);
  if (isPglite(client)) await insertPiecesPglite(client, made.id, pieces, MEDIA_PIECE_BYTES);
  else {
    // The COPY goes on the transaction's own connection, so it is part of the transaction.
    const connection = (tx as unknown as { session: { client: CopyClient } }).session.client;
    await copyPieces(connection, 'media_chunks (media_id, seq, bytes)', made.id, pieces);
  }
  return true;
}

export const findOwnedMedia = async (db: DbOrTx, userId: string, name: string): Promise<MediaRow | undefined> => {
  const [row] = await db
    .select(mediaWithBytes)
    .from(media)
    .where(and(eq(media.userId, userId), eq(media.name, name)))
    .limit(1);
  return row;
};

export const listOwnedMedia = (db: DbOrTx, userId: string) =>
  db.select(mediaWithBytes).from(media).where(eq(media.userId, userId)).orderBy(asc(media.name));

type CardInsert = typeof flashcards.$inferInsert & { id: string };
type ReviewInsert = typeof flashcardReviews.$inferInsert;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * Many rows in one statement: the rows go as one JSON parameter, unpacked by
 * json_populate_recordset into the table's own row type. Tens of thousands of rows per round
 * trip, identical on PostgreSQL and PGlite, where a row of bound parameters each would be slow.
 */
export async function insertImportedCards(db: DbOrTx, rows: CardInsert[]) {
  if (!rows.length) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      deck_id: r.deckId,
      question: r.question,
      answer: r.answer,
      kind: r.kind,
      cloze_ordinal: r.clozeOrdinal ?? null,
      note_id: r.noteId,
      format: r.format,
      tags: r.tags ?? [],
      suspended: r.suspended ?? false,
      due: iso(r.due),
      stability: r.stability,
      difficulty: r.difficulty,
      elapsed_days: r.elapsedDays,
      scheduled_days: r.scheduledDays,
      learning_steps: r.learningSteps,
      reps: r.reps,
      lapses: r.lapses,
      state: r.state,
      last_review: iso(r.lastReview),
      created_at: iso(r.createdAt),
      updated_at: iso(r.updatedAt),
      anki_guid: r.ankiGuid ?? null,
      anki_ord: r.ankiOrd ?? null,
    })),
  );
  await db.execute(sql`
    insert into flashcards (id, user_id, deck_id, question, answer, kind, cloze_ordinal, note_id, format, tags,
      suspended, due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state,
      last_review, created_at, updated_at, anki_guid, anki_ord)
    select id, user_id, deck_id, question, answer, kind, cloze_ordinal, note_id, format, tags,
      suspended, due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state,
      last_review, created_at, updated_at, anki_guid, anki_ord
    from json_populate_recordset(null::flashcards, ${json}::json)`);
}

export type ImportedNoteCard = {
  id: string;
  noteId: string;
  ankiGuid: string;
  ankiOrd: number;
  question: string;
  answer: string;
  tags: string[];
};

/** The learner's cards that came from these Anki notes (by GUID), to update rather than copy. */
export async function findImportedNoteCards(db: DbOrTx, userId: string, guids: string[]): Promise<ImportedNoteCard[]> {
  if (!guids.length) return [];
  const rows = await db
    .select({
      id: flashcards.id,
      noteId: flashcards.noteId,
      ankiGuid: flashcards.ankiGuid,
      ankiOrd: flashcards.ankiOrd,
      question: flashcards.question,
      answer: flashcards.answer,
      tags: flashcards.tags,
    })
    .from(flashcards)
    .where(and(eq(flashcards.userId, userId), inArray(flashcards.ankiGuid, guids)));
  return rows as ImportedNoteCard[];
}

/** A re-imported note's new text and tags on its cards; their schedule and history stay. */
export async function updateImportedCards(
  db: DbOrTx,
  rows: { id: string; question: string; answer: string; tags: string[] }[],
): Promise<void> {
  if (!rows.length) return;
  await db.execute(sql`
    update flashcards f set question = r.question, answer = r.answer, tags = r.tags, updated_at = now()
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(id uuid, question text, answer text, tags text[])
    where f.id = r.id`);
}

export async function insertReviewRows(db: DbOrTx, rows: ReviewInsert[]) {
  if (!rows.length) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      card_id: r.cardId,
      user_id: r.userId,
      rating: r.rating,
      state: r.state,
      due: iso(r.due),
      stability: r.stability,
      difficulty: r.difficulty,
      elapsed_days: r.elapsedDays,
      last_elapsed_days: r.lastElapsedDays,
      scheduled_days: r.scheduledDays,
      learning_steps: r.learningSteps,
      state_after: r.stateAfter,
      reviewed_at: iso(r.reviewedAt),
      duration_ms: r.durationMs ?? 0,
    })),
  );
  await db.execute(sql`
    insert into flashcard_reviews (card_id, user_id, rating, state, due, stability, difficulty, elapsed_days,
      last_elapsed_days, scheduled_days, learning_steps, state_after, reviewed_at, duration_ms)
    select card_id, user_id, rating, state, due, stability, difficulty, elapsed_days,
      last_elapsed_days, scheduled_days, learning_steps, state_after, reviewed_at, duration_ms
    from json_populate_recordset(null::flashcard_reviews, ${json}::json)`);
}

/** The cards to export with their deck's name (one deck and the decks under it, or all). */
export const listCardsForExport = (db: DbOrTx, userId: string, deckIds?: string[]) =>
  db
    .select({ card: flashcards, deckName: decks.name })
    .from(flashcards)
    .innerJoin(decks, eq(decks.id, flashcards.deckId))
    .where(and(eq(flashcards.userId, userId), deckIds ? inArray(flashcards.deckId, deckIds) : undefined))
    .orderBy(asc(flashcards.createdAt), asc(flashcards.id));

export const listReviewsForExport = (db: DbOrTx, userId: string) =>
  db
    .select()
    .from(flashcardReviews)
    .where(eq(flashcardReviews.userId, userId))
    .orderBy(asc(flashcardReviews.reviewedAt));
