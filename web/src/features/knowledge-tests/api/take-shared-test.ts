import { ZCreatedTest } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const takeSharedTest = (shareId: string) =>
  requestParsed(`/knowledge-tests/shared/${shareId}/take`, ZCreatedTest, { method: 'POST', body: {} });
