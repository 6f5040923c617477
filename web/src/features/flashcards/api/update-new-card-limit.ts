import { type TSettings, ZSettings } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const updateNewCardLimit = (newCardsPerDay: number): Promise<TSettings> =>
  requestParsed('/me/settings', ZSettings, { method: 'PATCH', body: { newCardsPerDay } });
