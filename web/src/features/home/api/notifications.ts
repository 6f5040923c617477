import { type TNotification, ZNotification, ZNotificationList } from '@learnboost/api/contract';
import { request, requestParsed } from '../../../lib/api-client';

export async function getNotifications(): Promise<TNotification[]> {
  return (await requestParsed('/notifications', ZNotificationList)).notifications;
}

export const markNotificationRead = (id: string): Promise<TNotification> =>
  requestParsed(`/notifications/${encodeURIComponent(id)}`, ZNotification, { method: 'PATCH', body: { read: true } });

export async function markAllNotificationsRead(): Promise<void> {
  await request('/notifications/read-all', { method: 'POST' });
}
