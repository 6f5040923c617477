import { countDeck, type Db, dropUnreadReminder, listSessionsStartingWithin, upsertReminder } from '@learnboost/db';
import { toWallClock } from '../../lib/time-zone';

const DAY_MS = 86_400_000;

/** The learner's calendar date (YYYY-MM-DD) of an instant. */
export const localDate = (at: Date, timeZone: string) => toWallClock(at, timeZone).toISOString().slice(0, 10);

export const dueMessage = (count: number) =>
  count === 1 ? '1 card is due for review' : `${count.toLocaleString('en-US')} cards are due for review`;

function startsAt(at: Date, now: Date, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(at);
  const day = localDate(at, timeZone) === localDate(now, timeZone) ? 'today' : 'tomorrow';
  return `${day} at ${time}`;
}

/**
 * Raises the reminders the learner's data calls for right now: cards due (one reminder per study
 * day, its count kept current while unread) and each session starting within 24 hours (one per
 * session and start time, so a rescheduled session is announced again).
 */
export async function syncReminders(db: Db, userId: string, timeZone: string, now = new Date()): Promise<void> {
  const dueKey = `review-due:${localDate(now, timeZone)}`;
  const { due } = await countDeck(db, userId, now);
  if (due > 0) {
    await upsertReminder(db, {
      userId,
      kind: 'review-due',
      eventKey: dueKey,
      title: 'Time to review',
      message: dueMessage(due),
    });
  } else {
    await dropUnreadReminder(db, userId, dueKey);
  }
  const soon = await listSessionsStartingWithin(db, userId, now, new Date(now.getTime() + DAY_MS));
  for (const session of soon) {
    await upsertReminder(db, {
      userId,
      kind: 'session-soon',
      eventKey: `session-soon:${session.id}:${session.scheduledAt.toISOString()}`,
      title: 'Study session soon',
      message: `"${session.title}" (${session.subject}) starts ${startsAt(session.scheduledAt, now, timeZone)}`,
    });
  }
}
