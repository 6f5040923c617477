import { ZDeck } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** How many flashcards are due now: the deck's count, read with the smallest page. */
export const getDueCount = async (): Promise<number> => (await requestParsed('/flashcards?limit=1', ZDeck)).dueCount;
