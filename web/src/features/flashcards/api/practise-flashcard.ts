import { type TReviewBody, ZPracticed } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** Practice ahead of time: recorded as study, the card's schedule stays. */
export const practiseFlashcard = (id: string, body: TReviewBody) =>
  requestParsed(`/flashcards/${encodeURIComponent(id)}/practice`, ZPracticed, { method: 'POST', body });
