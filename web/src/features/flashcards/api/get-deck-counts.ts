import { ZDeck } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';
import { deckQuery } from './deck-query';

/** How many cards the deck holds and how many are due now (the smallest page carries the counts). */
export const getDeckCounts = async (deckId: string | null): Promise<{ total: number; dueCount: number }> => {
  const { total, dueCount } = await requestParsed(`/flashcards?limit=1${deckQuery(deckId, '&')}`, ZDeck);
  return { total, dueCount };
};
