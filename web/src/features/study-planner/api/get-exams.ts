import { type TExamList, ZExamList } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** The learner's deck exams (set on the Flashcards screen), shown on their day of the week. */
export const getExams = (): Promise<TExamList> => requestParsed('/scheduler/exams', ZExamList);
