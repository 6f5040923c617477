import { type TTestDetail, ZTestDetail } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** "This question is wrong": the test as it is without the question, every result scored again. */
export const flagQuestion = (testId: string, questionId: string): Promise<TTestDetail> =>
  requestParsed(`/knowledge-tests/${testId}/questions/${questionId}/flag`, ZTestDetail, { method: 'POST' });
