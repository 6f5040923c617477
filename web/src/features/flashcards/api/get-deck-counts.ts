import { ZDeck } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** How many cards the deck holds and how many are due now (the smallest page carries the counts). */
export const getDeckCounts = async (): Promise<{ total: number; dueCount: number }> => {
  const { total, dueCount } = await requestParsed('/flashcards?limit=1', ZDeck);
  return { total, dueCount };
};
