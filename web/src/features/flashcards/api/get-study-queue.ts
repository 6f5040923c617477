import { type TStudyQueue, ZStudyQueue } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';
import { deckQuery } from './deck-query';

/** The cards to study now in the chosen deck (null: all decks), in order, each with when it would come back for every rating. */
export const getStudyQueue = (deckId: string | null): Promise<TStudyQueue> =>
  requestParsed(`/flashcards/study${deckQuery(deckId)}`, ZStudyQueue);
