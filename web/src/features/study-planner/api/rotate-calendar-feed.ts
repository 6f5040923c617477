import { type TCalendarFeed, ZCalendarFeed } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

/** A new secret: the old subscription address stops working. */
export const rotateCalendarFeed = (): Promise<TCalendarFeed> =>
  requestParsed('/study-planner/feed/rotate', ZCalendarFeed, { method: 'POST' });
