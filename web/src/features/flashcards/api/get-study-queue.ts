import { type TStudyQueue, ZStudyQueue } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** The cards to study now, in order, each with when it would come back for every rating. */
export const getStudyQueue = (): Promise<TStudyQueue> => requestParsed('/flashcards/study', ZStudyQueue);
