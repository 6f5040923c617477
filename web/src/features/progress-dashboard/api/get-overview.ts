import { type TDashboardOverview, ZDashboardOverview } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const getOverview = (): Promise<TDashboardOverview> => requestParsed('/dashboard/overview', ZDashboardOverview);
