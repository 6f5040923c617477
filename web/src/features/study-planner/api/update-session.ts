import { type TStudySession, type TUpdateSessionBody, ZStudySession } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const updateSession = (id: string, body: TUpdateSessionBody): Promise<TStudySession> =>
  requestParsed(`/study-planner/sessions/${encodeURIComponent(id)}`, ZStudySession, { method: 'PATCH', body });
