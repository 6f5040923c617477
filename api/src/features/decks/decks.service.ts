import {
  countCardsOfDeck,
  type DbOrTx,
  type DeckRow,
  deleteDeckCards,
  deleteDeckRow,
  findOwnedDeck,
  insertDeck,
  insertParentDecks,
  listDecksWithCounts,
  moveDeckCards,
  renameDeckTree,
} from '@learnboost/db';
import type { TDeckSummary } from '../../contract';
import { AppError } from '../../lib/errors';
import type { LearnerContext } from '../../lib/learner-context';

const NOT_FOUND = 'Deck not found';
const taken = (name: string) => `You already have a deck called "${name}"`;

/** The learner's deck, or 404: another learner's deck is never revealed. */
export async function ownedDeck(db: DbOrTx, userId: string, deckId: string): Promise<DeckRow> {
  const deck = await findOwnedDeck(db, userId, deckId);
  if (!deck) throw new AppError(404, NOT_FOUND);
  return deck;
}

// Every learner has the default deck from sign-up on (and from the decks migration for earlier ones).
export const listDecks = ({ db, userId, now = new Date() }: LearnerContext): Promise<TDeckSummary[]> =>
  listDecksWithCounts(db, userId, now);

/** A new deck, and the decks above it when its name nests ("Biology::Cells" makes "Biology" too). */
export async function createDeck({ db, userId, name }: LearnerContext & { name: string }): Promise<TDeckSummary> {
  const deck = await db.transaction(async (tx) => {
    const made = await insertDeck(tx, userId, name);
    if (!made) throw new AppError(409, taken(name));
    await insertParentDecks(tx, userId, name);
    return made;
  });
  return { id: deck.id, name: deck.name, isDefault: deck.isDefault, cardCount: 0, dueCount: 0, newCount: 0 };
}

/** Renames the deck and the decks nested under it. */
export async function renameDeck({
  db,
  userId,
  deckId,
  name,
  now = new Date(),
}: LearnerContext & { deckId: string; name: string }): Promise<TDeckSummary> {
  await db.transaction(async (tx) => {
    const deck = await ownedDeck(tx, userId, deckId);
    if (deck.name === name) return;
    if (name.startsWith(`${deck.name}::`)) throw new AppError(409, 'A deck cannot be moved inside itself');
    if ((await renameDeckTree(tx, userId, deck.name, name)) === 'taken') throw new AppError(409, taken(name));
    await insertParentDecks(tx, userId, name);
  });
  const decks = await listDecksWithCounts(db, userId, now);
  return decks.find((d) => d.id === deckId) as TDeckSummary;
}

/**
 * Deletes a deck. One that holds cards is kept (409) unless the learner says what becomes of them:
 * `cards: 'delete'` or `moveTo` another deck. Decks nested under it stay, with their cards.
 */
export async function deleteDeck({
  db,
  userId,
  deckId,
  cards,
  moveTo,
}: LearnerContext & { deckId: string; cards?: 'delete'; moveTo?: string }): Promise<void> {
  if (cards && moveTo) throw new AppError(400, 'Send either cards=delete or moveTo, not both');
  await db.transaction(async (tx) => {
    const deck = await ownedDeck(tx, userId, deckId);
    if (deck.isDefault)
      throw new AppError(409, `"${deck.name}" is your default deck, where new cards go; it cannot be deleted`);
    if (moveTo) {
      if (moveTo === deckId) throw new AppError(400, 'Move the cards to another deck');
      await ownedDeck(tx, userId, moveTo);
      await moveDeckCards(tx, deckId, moveTo);
    } else if (cards === 'delete') {
      await deleteDeckCards(tx, deckId);
    } else {
      const held = await countCardsOfDeck(tx, deckId);
      if (held > 0) {
        throw new AppError(
          409,
          `"${deck.name}" holds ${held} ${held === 1 ? 'card' : 'cards'}: delete them with it (cards=delete) or move them (moveTo)`,
        );
      }
    }
    await deleteDeckRow(tx, deckId);
  });
}
