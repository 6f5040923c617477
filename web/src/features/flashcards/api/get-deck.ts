import { type TDeck, ZDeck } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** The first page of the deck, due cards first (the server's default page holds what one sitting needs). */
export const getDeck = (): Promise<TDeck> => requestParsed('/flashcards', ZDeck);
