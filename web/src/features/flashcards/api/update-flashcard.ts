import { type TFlashcard, type TUpdateFlashcardBody, ZFlashcard } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const updateFlashcard = (id: string, body: TUpdateFlashcardBody): Promise<TFlashcard> =>
  requestParsed(`/flashcards/${encodeURIComponent(id)}`, ZFlashcard, { method: 'PATCH', body });
