import { type TDeckBody, type TDeckSummary, ZDeckSummary } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const createDeck = (body: TDeckBody): Promise<TDeckSummary> =>
  requestParsed('/decks', ZDeckSummary, { method: 'POST', body });
