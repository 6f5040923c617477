import { ZCreatedTest } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const createTest = (body: { name: string; text: string; requested: number }) =>
  requestParsed('/knowledge-tests', ZCreatedTest, { method: 'POST', body });
