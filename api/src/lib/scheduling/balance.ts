import { type Db, dueLoadByDay, type ScheduleFields } from '@learnboost/db';
import type { Grade } from 'ts-fsrs';
import { addDays, dayBounds, dayOf } from '../local-days';
import { DEFAULT_SCHEDULER, type SchedulerSettings, scheduleReview } from './schedule';

/**
 * `scheduleReview`, with the due day pushed toward the learner's lighter days inside the card's
 * fuzz range (one grouped count of the days in that range; nothing when the range is one day).
 */
export async function scheduleBalanced(
  db: Db,
  userId: string,
  card: ScheduleFields & { id: string },
  grade: Grade,
  now: Date,
  timeZone: string,
  settings: SchedulerSettings = DEFAULT_SCHEDULER,
) {
  const plain = scheduleReview(card, grade, now, timeZone, settings);
  if (!plain.fuzz || plain.fuzz.max <= plain.fuzz.min) return plain;
  const today = dayOf(now, timeZone);
  const from = dayBounds(addDays(today, plain.fuzz.min), timeZone).start;
  const to = dayBounds(addDays(today, plain.fuzz.max), timeZone).end;
  const load = await dueLoadByDay(db, userId, from, to, timeZone);
  return scheduleReview(card, grade, now, timeZone, settings, { load: (day) => load.get(day) ?? 0 });
}
