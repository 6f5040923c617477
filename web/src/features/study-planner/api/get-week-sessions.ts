import { type TStudySession, ZCalendar } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export async function getWeekSessions(range: { from: string; to: string }): Promise<TStudySession[]> {
  const query = new URLSearchParams(range).toString();
  return (await requestParsed(`/study-planner/calendar?${query}`, ZCalendar)).upcomingSessions;
}
