import { type TImportResult, ZImportResult } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** No deckId: the learner's default deck. */
export const importFlashcards = (content: string, deckId?: string): Promise<TImportResult> =>
  requestParsed('/flashcards/import', ZImportResult, {
    method: 'POST',
    body: { content, skipDuplicates: true, ...(deckId ? { deckId } : {}) },
  });
