import { type TCardHistory, ZCardHistory } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** One card's reviews, newest first. */
export const getCardHistory = (cardId: string): Promise<TCardHistory> =>
  requestParsed(`/flashcards/${cardId}/reviews`, ZCardHistory);
