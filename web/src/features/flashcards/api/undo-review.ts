import { type TFlashcard, ZFlashcard } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** The card as it was before its last review. */
export const undoReview = (id: string): Promise<TFlashcard> =>
  requestParsed(`/flashcards/${encodeURIComponent(id)}/undo`, ZFlashcard, { method: 'POST' });
