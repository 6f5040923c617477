import { ZTestDetail } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const getTest = (id: string) => requestParsed(`/knowledge-tests/${id}`, ZTestDetail);
