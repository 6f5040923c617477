import { type TFlashcard, type TUpdateFlashcardBody, ZFlashcard } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** A generated card is a flashcard in the deck: it is changed where all flashcards are. */
export const updateGeneratedCard = (id: string, body: TUpdateFlashcardBody): Promise<TFlashcard> =>
  requestParsed(`/flashcards/${encodeURIComponent(id)}`, ZFlashcard, { method: 'PATCH', body });
