import { type TDeckBody, type TDeckSummary, ZDeckSummary } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** Renames the deck and the decks nested under it. */
export const renameDeck = (id: string, body: TDeckBody): Promise<TDeckSummary> =>
  requestParsed(`/decks/${encodeURIComponent(id)}`, ZDeckSummary, { method: 'PATCH', body });
