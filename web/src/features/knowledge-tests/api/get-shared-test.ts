import { ZSharedTest } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const getSharedTest = (shareId: string) => requestParsed(`/knowledge-tests/shared/${shareId}`, ZSharedTest);
