import { type TOfflineSnapshot, ZOfflineSnapshot } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** The cards due in the next days, with their FSRS state and the learner's scheduler, to study offline. */
export const getOfflineSnapshot = (): Promise<TOfflineSnapshot> =>
  requestParsed('/flashcards/offline', ZOfflineSnapshot);
