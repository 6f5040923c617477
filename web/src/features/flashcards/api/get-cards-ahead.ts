import { type TFlashcard, ZAhead } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';
import { deckQuery } from './deck-query';

/** Cards of the chosen deck (null: all decks) not due yet, soonest first: "Study ahead" goes through them. */
export const getCardsAhead = async (deckId: string | null): Promise<TFlashcard[]> =>
  (await requestParsed(`/flashcards/ahead${deckQuery(deckId)}`, ZAhead)).cards;
