import { type TNotification, ZNotificationList } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export async function getNotifications(): Promise<TNotification[]> {
  return (await requestParsed('/notifications', ZNotificationList)).notifications;
}
