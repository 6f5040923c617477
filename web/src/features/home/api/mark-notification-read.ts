import { type TNotification, ZNotification } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const markNotificationRead = (id: string): Promise<TNotification> =>
  requestParsed(`/notifications/${encodeURIComponent(id)}`, ZNotification, { method: 'PATCH', body: { read: true } });
