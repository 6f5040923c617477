import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { ankiImports, decks, flashcardReviews, flashcards, media } from '../schema';

export type AnkiImportRow = typeof ankiImports.$inferSelect;

export const insertStagedImport = async (db: DbOrTx, row: typeof ankiImports.$inferInsert): Promise<AnkiImportRow> => {
  const [made] = await db.insert(ankiImports).values(row).returning();
  return made as AnkiImportRow;
};

/** The learner's own staged import, if it has not expired: another learner's is not found. */
export const findStagedImport = async (db: DbOrTx, userId: string, id: string, now: Date) => {
  const [row] = await db
    .select()
    .from(ankiImports)
    .where(
      and(
        eq(ankiImports.id, id),
        eq(ankiImports.userId, userId),
        sql`${ankiImports.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return row;
};

/** Marks a ready import as committing; false when another request already took it. */
export const claimStagedImport = async (db: DbOrTx, id: string, total: number): Promise<boolean> => {
  const rows = await db
    .update(ankiImports)
    .set({ status: 'committing', done: 0, total })
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
  if (names.length) {
    await db
      .insert(decks)
      .values(names.map((name) => ({ userId, name })))
      .onConflictDoNothing();
  }
  const rows = await db
    .select({ id: decks.id, name: decks.name })
    .from(decks)
    .where(and(eq(decks.userId, userId), names.length ? inArray(decks.name, names) : sql`false`));
  return new Map(rows.map((r) => [r.name, r.id]));
}

export type MediaRow = typeof media.$inferSelect;

export const findMediaByNames = (db: DbOrTx, userId: string, names: string[]) =>
  names.length
    ? db
        .select()
        .from(media)
        .where(and(eq(media.userId, userId), inArray(media.name, names)))
    : Promise.resolve([] as MediaRow[]);

export const listMediaNames = async (db: DbOrTx, userId: string, prefix: string): Promise<string[]> =>
  (
    await db
      .select({ name: media.name })
      .from(media)
      .where(and(eq(media.userId, userId), sql`starts_with(${media.name}, ${prefix})`))
  ).map((r) => r.name);

export const insertMedia = (db: DbOrTx, rows: (typeof media.$inferInsert)[]) =>
  rows.length ? db.insert(media).values(rows).onConflictDoNothing() : Promise.resolve();

export const findOwnedMedia = async (db: DbOrTx, userId: string, name: string): Promise<MediaRow | undefined> => {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.userId, userId), eq(media.name, name)))
    .limit(1);
  return row;
};

export const listOwnedMedia = (db: DbOrTx, userId: string) =>
  db.select().from(media).where(eq(media.userId, userId)).orderBy(asc(media.name));

export const insertImportedCards = async (db: DbOrTx, rows: (typeof flashcards.$inferInsert)[]): Promise<string[]> =>
  (await db.insert(flashcards).values(rows).returning({ id: flashcards.id })).map((r) => r.id);

export const insertReviewRows = (db: DbOrTx, rows: (typeof flashcardReviews.$inferInsert)[]) =>
  rows.length ? db.insert(flashcardReviews).values(rows) : Promise.resolve();

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
