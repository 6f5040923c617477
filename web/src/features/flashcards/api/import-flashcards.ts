import { type TImportResult, ZImportResult } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const importFlashcards = (content: string): Promise<TImportResult> =>
  requestParsed('/flashcards/import', ZImportResult, { method: 'POST', body: { content, skipDuplicates: true } });
