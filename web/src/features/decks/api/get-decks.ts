import { type TDeckSummary, ZDeckList } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** The learner's decks by name (a nested deck follows its parent), each counting its subdecks' cards too. */
export const getDecks = (): Promise<TDeckSummary[]> => requestParsed('/decks', ZDeckList);
