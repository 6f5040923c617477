import {
  type CardSearch,
  countCardReviews,
  deleteCards,
  findOwnedCard,
  latestReviews,
  lockOwnedCards,
  moveCards,
  type SearchAfter,
  searchCards,
  setSuspended,
} from '@learnboost/db';
import { z } from 'zod';
import {
  CARD_HISTORY_MAX,
  type TBulkBody,
  type TCardHistory,
  type TCardSearchQuery,
  type TCardSearchResult,
} from '../../contract';
import { AppError } from '../../lib/errors';
import type { LearnerContext } from '../../lib/learner-context';
import { dayBounds, dayOf } from '../../lib/local-days';
import { ownedDeck } from '../decks/decks.service';
import { toFlashcardDto } from './flashcards.service';

/** The words of a search, as PostgreSQL's simple text search config splits and lowercases them. */
const wordsOf = (q: string | undefined) => (q?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 20);

// A cursor names its sort, so a page asked for with another sort is refused, not misread.
const ZCursor = z.object({
  sort: z.enum(['due', 'created', 'lapses']),
  value: z.union([z.string(), z.number()]),
  id: z.uuid(),
});

function decodeCursor(cursor: string, sort: CardSearch['sort']): SearchAfter {
  try {
    const parsed = ZCursor.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString()));
    if (parsed.sort === sort) return parsed;
  } catch {}
  throw new AppError(400, 'Invalid cursor: start the search again');
}

const encodeCursor = (sort: CardSearch['sort'], value: string | number, id: string) =>
  Buffer.from(JSON.stringify({ sort, value, id })).toString('base64url');

/** The card browser: words, deck, state, due; one page in the chosen order. */
export async function browseCards({
  db,
  userId,
  timeZone,
  query,
  now = new Date(),
}: LearnerContext & { timeZone: string; query: TCardSearchQuery }): Promise<TCardSearchResult> {
  const { sort, limit } = query;
  if (query.deckId) await ownedDeck(db, userId, query.deckId);
  const today = dayBounds(dayOf(now, timeZone), timeZone);
  const rows = await searchCards(db, {
    userId,
    words: wordsOf(query.q),
    deckId: query.deckId,
    state: query.state,
    dueBefore: query.due === 'today' ? today.end : query.due === 'overdue' ? today.start : undefined,
    sort,
    limit: limit + 1,
    after: query.cursor ? decodeCursor(query.cursor, sort) : undefined,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const keyOf = (c: (typeof page)[number]) =>
    sort === 'lapses' ? c.lapses : (sort === 'created' ? c.createdAt : c.due).toISOString();
  return {
    cards: page.map((c) => ({ ...toFlashcardDto(c), deckName: c.deckName })),
    nextCursor: rows.length > limit && last ? encodeCursor(sort, keyOf(last), last.id) : null,
  };
}

/** Many cards at once, all or nothing: one card that is not the learner's and nothing changes. */
export async function bulkChange({
  db,
  userId,
  ids,
  action,
  deckId,
}: LearnerContext & TBulkBody): Promise<{ changed: number }> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const owned = await lockOwnedCards(tx, userId, unique);
    if (owned.length !== unique.length) {
      const missing = unique.length - owned.length;
      throw new AppError(
        404,
        `${missing} of these cards ${missing === 1 ? 'was' : 'were'} not found; nothing was changed`,
      );
    }
    if (action === 'move') {
      await ownedDeck(tx, userId, deckId as string);
      await moveCards(tx, unique, deckId as string);
    } else if (action === 'delete') await deleteCards(tx, unique);
    else await setSuspended(tx, unique, action === 'suspend');
    return { changed: unique.length };
  });
}

/**
 * One card's reviews, newest first: each with the wait it set, read from the log (the due a
 * review set is the one the next review found, or the card's own for the latest).
 */
export async function cardHistory({ db, userId, cardId }: LearnerContext & { cardId: string }): Promise<TCardHistory> {
  const card = await findOwnedCard(db, userId, cardId);
  // Another learner's card is not there at all, as everywhere.
  if (!card) throw new AppError(404, 'Flashcard not found');
  const [reviews, total] = await Promise.all([
    latestReviews(db, card.id, CARD_HISTORY_MAX),
    countCardReviews(db, card.id),
  ]);
  return {
    total,
    reviews: reviews.map((r, i) => ({
      id: r.id,
      reviewedAt: r.reviewedAt.toISOString(),
      rating: r.rating,
      durationMs: r.durationMs,
      nextDue: (i === 0 ? card.due : (reviews[i - 1] as (typeof reviews)[number]).due).toISOString(),
    })),
  };
}
