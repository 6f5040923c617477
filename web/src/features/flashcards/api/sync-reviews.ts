import { type TSyncAnswer, type TSyncReview, ZSyncAnswer } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** Sends reviews made offline, oldest first; each comes back applied, duplicate or rejected. */
export const syncReviews = (reviews: TSyncReview[]): Promise<TSyncAnswer> =>
  requestParsed('/flashcards/reviews/sync', ZSyncAnswer, { method: 'POST', body: { reviews } });
