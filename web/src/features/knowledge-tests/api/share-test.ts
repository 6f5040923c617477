import { ZShareLink } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const shareTest = (id: string) =>
  requestParsed(`/knowledge-tests/${id}/share`, ZShareLink, { method: 'POST', body: {} });
