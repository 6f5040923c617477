import { ZAnkiImportProgress, ZAnkiImportResult } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const commitAnkiImport = (importId: string) =>
  requestParsed(`/flashcards/import/anki/${importId}/commit`, ZAnkiImportResult, { method: 'POST' });

export const getAnkiImportProgress = (importId: string) =>
  requestParsed(`/flashcards/import/anki/${importId}/progress`, ZAnkiImportProgress);
