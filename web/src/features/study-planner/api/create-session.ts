import { type TStudySession, ZStudySession } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export interface NewSession {
  title: string;
  subject: string;
  duration: number;
  scheduledAt: string;
}

export const createSession = (body: NewSession): Promise<TStudySession> =>
  requestParsed('/study-planner/sessions', ZStudySession, { method: 'POST', body });
