import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { studySessions, users } from '../schema';

export type StudySessionRow = typeof studySessions.$inferSelect;

export const insertStudySession = async (
  db: DbOrTx,
  row: typeof studySessions.$inferInsert,
): Promise<StudySessionRow> => {
  const [saved] = await db.insert(studySessions).values(row).returning();
  return saved as StudySessionRow;
};

/** Sessions starting in [from, to), or from `from` on when `to` is absent; earliest first. */
export const listStudySessions = (db: DbOrTx, userId: string, from: Date, to?: Date) =>
  db
    .select()
    .from(studySessions)
    .where(
      and(
        eq(studySessions.userId, userId),
        gte(studySessions.scheduledAt, from),
        to ? lt(studySessions.scheduledAt, to) : undefined,
      ),
    )
    .orderBy(asc(studySessions.scheduledAt), asc(studySessions.id))
    .limit(2000);

export const updateOwnedStudySession = async (
  db: DbOrTx,
  userId: string,
  id: string,
  values: Partial<Pick<StudySessionRow, 'title' | 'subject' | 'durationMinutes' | 'scheduledAt' | 'completedAt'>>,
): Promise<StudySessionRow | undefined> => {
  const [row] = await db
    .update(studySessions)
    .set(values)
    .where(and(eq(studySessions.id, id), eq(studySessions.userId, userId)))
    .returning();
  return row;
};

export const findOwnedStudySession = async (db: DbOrTx, userId: string, id: string) => {
  const [row] = await db
    .select()
    .from(studySessions)
    .where(and(eq(studySessions.id, id), eq(studySessions.userId, userId)))
    .limit(1);
  return row;
};

export const deleteOwnedStudySession = async (db: DbOrTx, userId: string, id: string): Promise<boolean> => {
  const rows = await db
    .delete(studySessions)
    .where(and(eq(studySessions.id, id), eq(studySessions.userId, userId)))
    .returning({ id: studySessions.id });
  return rows.length > 0;
};

export const findUserByFeedSecret = async (db: DbOrTx, secret: string) => {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.calendarFeedSecret, secret))
    .limit(1);
  return row;
};

export const findFeedSecret = async (db: DbOrTx, userId: string): Promise<string | null> => {
  const [row] = await db.select({ secret: users.calendarFeedSecret }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.secret ?? null;
};

export const setFeedSecret = async (db: DbOrTx, userId: string, secret: string): Promise<void> => {
  await db.update(users).set({ calendarFeedSecret: secret }).where(eq(users.id, userId));
};
