import { type TSubmission, ZSubmission } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** The spec's client sends userId null: the token decides who submits. */
export const submitTest = (id: string, answers: { qId: string; selectedIndex: number }[]): Promise<TSubmission> =>
  requestParsed(`/knowledge-tests/${id}/submit`, ZSubmission, { method: 'POST', body: { userId: null, answers } });
