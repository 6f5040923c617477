import { type TFlashcard, ZAhead } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** Cards not due yet, soonest first: "Study ahead" goes through them. */
export const getCardsAhead = async (): Promise<TFlashcard[]> =>
  (await requestParsed('/flashcards/ahead', ZAhead)).cards;
