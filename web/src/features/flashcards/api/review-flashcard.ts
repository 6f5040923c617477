import { type TFlashcard, type TReviewBody, ZFlashcard } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const reviewFlashcard = (id: string, body: TReviewBody): Promise<TFlashcard> =>
  requestParsed(`/flashcards/${encodeURIComponent(id)}/review`, ZFlashcard, { method: 'PUT', body });
