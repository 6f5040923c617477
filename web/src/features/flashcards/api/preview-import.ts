import { type TImportPreview, ZImportPreview } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const previewImport = (content: string): Promise<TImportPreview> =>
  requestParsed('/flashcards/import/preview', ZImportPreview, { method: 'POST', body: { content } });
