import { type TCreateFlashcardBody, type TFlashcard, ZFlashcard } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const createFlashcard = (body: TCreateFlashcardBody): Promise<TFlashcard> =>
  requestParsed('/flashcards', ZFlashcard, { method: 'POST', body });
