import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { notifications, studySessions } from '../schema';

export type NotificationRow = typeof notifications.$inferSelect;

type Reminder = { userId: string; kind: string; eventKey: string; title: string; message: string };

/** One notification per event: raised once, and while unread its text follows the facts (a due count). */
export const upsertReminder = (db: DbOrTx, reminder: Reminder) =>
  db
    .insert(notifications)
    .values(reminder)
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.eventKey],
      set: { title: reminder.title, message: reminder.message },
      setWhere: eq(notifications.read, false),
    });

/** An unread reminder about something that no longer holds (no card is due now) goes away. */
export const dropUnreadReminder = (db: DbOrTx, userId: string, eventKey: string) =>
  db
    .delete(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.eventKey, eventKey), eq(notifications.read, false)));

export const listNotifications = (db: DbOrTx, userId: string, limit = 50) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);

export const setNotificationRead = async (db: DbOrTx, userId: string, id: string, read: boolean) => {
  const [row] = await db
    .update(notifications)
    .set({ read })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
};

export const markAllNotificationsRead = (db: DbOrTx, userId: string) =>
  db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));

/** Planned, not yet done, starting in (from, to]. */
export const listSessionsStartingWithin = (db: DbOrTx, userId: string, from: Date, to: Date) =>
  db
    .select()
    .from(studySessions)
    .where(
      and(
        eq(studySessions.userId, userId),
        gt(studySessions.scheduledAt, from),
        lte(studySessions.scheduledAt, to),
        isNull(studySessions.completedAt),
      ),
    );
