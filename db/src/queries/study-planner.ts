import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { studySessions } from '../schema';

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
