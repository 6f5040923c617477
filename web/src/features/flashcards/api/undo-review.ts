import { type TFlashcard, ZFlashcard } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** The card as it was before the review named (its last one); an undo sent twice undoes once. */
export const undoReview = (id: string, reviewId: string): Promise<TFlashcard> =>
  requestParsed(`/flashcards/${encodeURIComponent(id)}/undo`, ZFlashcard, { method: 'POST', body: { reviewId } });
