import { type TAnkiImportPreview, ZAnkiImportPreview } from '@learnboost/api/contract';
import { uploadParsed } from '../../../lib/api-client';

export const uploadAnkiPackage = (file: File, onProgress: (fraction: number) => void): Promise<TAnkiImportPreview> =>
  uploadParsed('/flashcards/import/anki', file, ZAnkiImportPreview, onProgress);
