import { and, asc, desc, eq, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { CardState, decks, flashcards } from '../schema';
import { inDeck } from './decks';
import type { FlashcardRow } from './flashcards';

export type CardSort = 'due' | 'created' | 'lapses';
export type CardStateFilter = 'new' | 'learning' | 'review' | 'relearning' | 'suspended';

/** Where the previous page ended: the sort key of its last card, and the card's id. */
export type SearchAfter = { value: string | number; id: string };

export type CardSearch = {
  userId: string;
  /** Words, each matched as a word or the start of one, against both sides. */
  words: string[];
  deckId?: string;
  state?: CardStateFilter;
  /** Cards due before this instant (not new, not suspended). */
  dueBefore?: Date;
  sort: CardSort;
  limit: number;
  after?: SearchAfter;
};

function stateCondition(state: CardStateFilter | undefined): SQL | undefined {
  if (!state) return undefined;
  if (state === 'suspended') return eq(flashcards.suspended, true);
  return and(eq(flashcards.suspended, false), eq(flashcards.state, CardState[state]));
}

// Each sort as Anki's browser offers it: soonest due, newest made, most forgotten; the id breaks ties.
function order(sort: CardSort, after: SearchAfter | undefined): { by: SQL[]; after?: SQL } {
  if (sort === 'created') {
    return {
      by: [desc(flashcards.createdAt), desc(flashcards.id)],
      after:
        after && sql`(${flashcards.createdAt}, ${flashcards.id}) < (${after.value}::timestamptz, ${after.id}::uuid)`,
    };
  }
  if (sort === 'lapses') {
    return {
      by: [desc(flashcards.lapses), asc(flashcards.id)],
      after:
        after &&
        sql`(${flashcards.lapses} < ${after.value}::int or (${flashcards.lapses} = ${after.value}::int and ${flashcards.id} > ${after.id}::uuid))`,
    };
  }
  return {
    by: [asc(flashcards.due), asc(flashcards.id)],
    after: after && sql`(${flashcards.due}, ${flashcards.id}) > (${after.value}::timestamptz, ${after.id}::uuid)`,
  };
}

/** The card browser's query: full-text words, deck, state and due filters, one keyset page. */
export function searchCards(db: DbOrTx, search: CardSearch): Promise<(FlashcardRow & { deckName: string })[]> {
  const { by, after } = order(search.sort, search.after);
  const query = search.words.map((w) => `${w}:*`).join(' & ');
  return db
    .select({ card: flashcards, deckName: decks.name })
    .from(flashcards)
    .innerJoin(decks, eq(decks.id, flashcards.deckId))
    .where(
      and(
        eq(flashcards.userId, search.userId),
        query ? sql`${flashcards.search} @@ to_tsquery('simple', ${query})` : undefined,
        inDeck(search.deckId),
        stateCondition(search.state),
        search.dueBefore
          ? and(
              eq(flashcards.suspended, false),
              ne(flashcards.state, CardState.new),
              lt(flashcards.due, search.dueBefore),
            )
          : undefined,
        after,
      ),
    )
    .orderBy(...by)
    .limit(search.limit)
    .then((rows) => rows.map((r) => ({ ...r.card, deckName: r.deckName })));
}

/** The owned cards among `ids`, locked for the rest of the transaction. */
export const lockOwnedCards = (db: DbOrTx, userId: string, ids: string[]) =>
  db
    .select({ id: flashcards.id })
    .from(flashcards)
    .where(and(eq(flashcards.userId, userId), inArray(flashcards.id, ids)))
    .for('update');

export const moveCards = (db: DbOrTx, ids: string[], deckId: string) =>
  db.update(flashcards).set({ deckId, updatedAt: new Date() }).where(inArray(flashcards.id, ids));

export const setSuspended = (db: DbOrTx, ids: string[], suspended: boolean) =>
  db.update(flashcards).set({ suspended, updatedAt: new Date() }).where(inArray(flashcards.id, ids));

export const deleteCards = (db: DbOrTx, ids: string[]) => db.delete(flashcards).where(inArray(flashcards.id, ids));

/** The cards of one note (the numbers of one cloze text), lowest number first. */
export const listNoteCards = (db: DbOrTx, userId: string, noteId: string) =>
  db
    .select()
    .from(flashcards)
    .where(and(eq(flashcards.userId, userId), eq(flashcards.noteId, noteId)))
    .orderBy(asc(flashcards.clozeOrdinal));
