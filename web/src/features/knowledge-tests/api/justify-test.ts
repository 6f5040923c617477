import { type TJustifications, ZJustifications } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const justifyTest = (id: string, qIds: string[], contextNotes = ''): Promise<TJustifications> =>
  requestParsed(`/knowledge-tests/${id}/justify`, ZJustifications, { method: 'POST', body: { qIds, contextNotes } });
