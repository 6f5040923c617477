import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';
import { CardState, decks, flashcards } from '../schema';

export type DeckRow = typeof decks.$inferSelect;
export const DEFAULT_DECK_NAME = 'My Flashcards';

/**
 * The decks a deck stands for: itself and every deck nested under it ("Biology" holds
 * "Biology::Cells"), as Anki shows and studies them.
 */
export const deckAndSubdecks = (deckId: string) => sql`(
  select sub.id from ${decks} parent join ${decks} sub
    on sub.user_id = parent.user_id and (sub.id = parent.id or starts_with(sub.name, parent.name || '::'))
  where parent.id = ${deckId}::uuid)`;

/** A condition on flashcards: in this deck or one nested under it (no deck: every card). */
export const inDeck = (deckId: string | undefined) =>
  deckId ? sql`${flashcards.deckId} in ${deckAndSubdecks(deckId)}` : undefined;

const sub = alias(decks, 'sub');

/** Each deck with its cards counted as Anki counts them: the deck and everything nested under it. */
export const listDecksWithCounts = (db: DbOrTx, userId: string, now: Date) =>
  db
    .select({
      id: decks.id,
      name: decks.name,
      isDefault: decks.isDefault,
      cardCount: sql<number>`count(${flashcards.id})`.mapWith(Number),
      dueCount: sql<number>`count(${flashcards.id}) filter (where not ${flashcards.suspended}
        and ${flashcards.state} <> 0 and ${flashcards.due} <= ${now.toISOString()}::timestamptz)`.mapWith(Number),
      newCount:
        sql<number>`count(${flashcards.id}) filter (where not ${flashcards.suspended} and ${flashcards.state} = ${CardState.new})`.mapWith(
          Number,
        ),
    })
    .from(decks)
    .leftJoin(
      sub,
      and(eq(sub.userId, decks.userId), or(eq(sub.id, decks.id), sql`starts_with(${sub.name}, ${decks.name} || '::')`)),
    )
    .leftJoin(flashcards, eq(flashcards.deckId, sub.id))
    .where(eq(decks.userId, userId))
    .groupBy(decks.id)
    .orderBy(asc(decks.name));

export const findOwnedDeck = async (db: DbOrTx, userId: string, id: string): Promise<DeckRow | undefined> => {
  const [row] = await db
    .select()
    .from(decks)
    .where(and(eq(decks.id, id), eq(decks.userId, userId)))
    .limit(1);
  return row;
};

export const listDeckNames = (db: DbOrTx, userId: string) =>
  db.select().from(decks).where(eq(decks.userId, userId)).orderBy(asc(decks.name));

/** A new deck, or undefined when the learner already has one of that name. */
export const insertDeck = async (db: DbOrTx, userId: string, name: string): Promise<DeckRow | undefined> => {
  const [row] = await db.insert(decks).values({ userId, name }).onConflictDoNothing().returning();
  return row;
};

/** A nested name and the names above it: "A::B::C" → "A", "A::B", "A::B::C". */
export const nameWithParents = (name: string): string[] =>
  name.split('::').map((_, i, levels) => levels.slice(0, i + 1).join('::'));

/** The decks above a nested name ("Biology" for "Biology::Cells"), made where missing, as Anki makes them. */
export async function insertParentDecks(db: DbOrTx, userId: string, name: string): Promise<void> {
  const parents = nameWithParents(name).slice(0, -1);
  if (parents.length)
    await db
      .insert(decks)
      .values(parents.map((p) => ({ userId, name: p })))
      .onConflictDoNothing();
}

const inTree = (name: string, root: string) => name === root || name.startsWith(`${root}::`);
const renamedIn = (name: string, from: string, to: string) => to + name.slice(from.length);

/** Renames a deck and the decks nested under it, as Anki does ("Bio::Cells" follows "Bio"). */
export async function renameDeckTree(
  db: DbOrTx,
  userId: string,
  from: string,
  to: string,
): Promise<'renamed' | 'taken'> {
  const all = await db.select({ id: decks.id, name: decks.name }).from(decks).where(eq(decks.userId, userId));
  const moving = all.filter((d) => inTree(d.name, from));
  const staying = new Set(all.filter((d) => !inTree(d.name, from)).map((d) => d.name));
  if (moving.some((d) => staying.has(renamedIn(d.name, from, to)))) return 'taken';
  // Through a temporary name first, so a tree renamed into itself ("A" → "A::B") never clashes midway.
  for (const d of moving)
    await db
      .update(decks)
      .set({ name: `renaming ${d.id}` })
      .where(eq(decks.id, d.id));
  for (const d of moving)
    await db
      .update(decks)
      .set({ name: renamedIn(d.name, from, to) })
      .where(eq(decks.id, d.id));
  return 'renamed';
}

export const countCardsOfDeck = async (db: DbOrTx, deckId: string): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(flashcards).where(eq(flashcards.deckId, deckId));
  return row?.n ?? 0;
};

export const moveDeckCards = (db: DbOrTx, fromDeckId: string, toDeckId: string) =>
  db.update(flashcards).set({ deckId: toDeckId, updatedAt: new Date() }).where(eq(flashcards.deckId, fromDeckId));

export const deleteDeckCards = (db: DbOrTx, deckId: string) =>
  db.delete(flashcards).where(eq(flashcards.deckId, deckId));

export const deleteDeckRow = (db: DbOrTx, deckId: string) => db.delete(decks).where(eq(decks.id, deckId));
