import type { ScheduleFields } from '@learnboost/db';
import { addDays, dayBounds } from '../local-days';
import { seededRandom } from './schedule';

/** An exam as the scheduler applies it to the cards of its deck (and of the decks nested under it). */
export type ExamCover = { examDate: string; windowDays: number };

const DAY_MS = 86_400_000;

export const windowStartOf = (exam: ExamCover) => addDays(exam.examDate, -exam.windowDays);

/**
 * One review's next due under an exam. A card whose interval would carry it past the exam comes
 * due on a day of the final window instead (seeded per card); reviewed inside the window, it keeps
 * its interval: that interval ends after the exam only when the card's predicted retention on the
 * exam day is still at least the desired retention. After the exam nothing changes.
 */
export function beforeExam(
  next: ScheduleFields,
  exam: ExamCover,
  now: Date,
  timeZone: string,
  seed: string,
): ScheduleFields {
  const examStart = dayBounds(exam.examDate, timeZone).start;
  if (now >= examStart || next.due < examStart) return next;
  const windowStart = windowStartOf(exam);
  if (now >= dayBounds(windowStart, timeZone).start) return next;
  const day = addDays(windowStart, Math.floor(seededRandom(`exam:${seed}`) * exam.windowDays));
  const due = dayBounds(day, timeZone).start;
  return { ...next, due, scheduledDays: Math.max(1, Math.round((due.getTime() - now.getTime()) / DAY_MS)) };
}
