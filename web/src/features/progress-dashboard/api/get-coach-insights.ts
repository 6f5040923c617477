import { type TCoachInsights, ZCoachInsights } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const getCoachInsights = (): Promise<TCoachInsights> => requestParsed('/ai-coach/insights', ZCoachInsights);
