import { ZGenerated } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const generateCards = (text: string) =>
  requestParsed('/generator/generate', ZGenerated, { method: 'POST', body: { text } });
