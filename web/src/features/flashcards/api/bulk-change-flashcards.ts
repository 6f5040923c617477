import { type TBulkBody, ZBulkResult } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** Moves, suspends, unsuspends or deletes many cards: all of them or, on any error, none. */
export const bulkChangeFlashcards = (body: TBulkBody): Promise<{ changed: number }> =>
  requestParsed('/flashcards/bulk', ZBulkResult, { method: 'POST', body });
