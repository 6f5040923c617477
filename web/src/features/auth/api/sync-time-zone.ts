import { ZSettings } from '@learnboost/api/contract';
import { request, requestParsed } from '../../../lib/api-client';

/**
 * Tells the server the browser's IANA zone when it differs (after sign-in and on each restore),
 * so FSRS study days, streaks and weeks are the learner's days and not UTC's. Best effort: a
 * failure only keeps the old zone.
 */
export async function syncTimeZone(): Promise<void> {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  try {
    const settings = await requestParsed('/me/settings', ZSettings);
    if (settings.timeZone !== zone) await request('/me/settings', { method: 'PATCH', body: { timeZone: zone } });
  } catch (error) {
    console.warn('Could not save the time zone', error);
  }
}
