import { type TCalendarFeed, ZCalendarFeed } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const getCalendarFeed = (): Promise<TCalendarFeed> => requestParsed('/study-planner/feed', ZCalendarFeed);
