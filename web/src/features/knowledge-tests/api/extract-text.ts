import { ZOcrText } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const extractText = (imageBase64: string) =>
  requestParsed('/ocr', ZOcrText, { method: 'POST', body: { imageBase64 } });
