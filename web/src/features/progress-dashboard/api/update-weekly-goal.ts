import { type TSettings, ZSettings } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const updateWeeklyGoal = (weeklyGoalMinutes: number): Promise<TSettings> =>
  requestParsed('/me/settings', ZSettings, { method: 'PATCH', body: { weeklyGoalMinutes } });
