import {
  type Db,
  deleteOwnedStudySession,
  findOwnedStudySession,
  insertStudySession,
  listStudySessions,
  type StudySessionRow,
  updateOwnedStudySession,
} from '@learnboost/db';
import type { TCalendar, TCreateSessionBody, TStudySession, TUpdateSessionBody } from '../../contract';
import { AppError } from '../../lib/errors';

const NOT_FOUND = 'Study session not found';

export const toStudySessionDto = (s: StudySessionRow): TStudySession => ({
  id: s.id,
  title: s.title,
  subject: s.subject,
  duration: s.durationMinutes,
  scheduledAt: s.scheduledAt.toISOString(),
  completed: s.completedAt !== null,
  completedAt: s.completedAt?.toISOString() ?? null,
});

type Ctx = { db: Db; userId: string; now?: Date };

export async function planSession({
  db,
  userId,
  title,
  subject,
  duration,
  scheduledAt,
}: Ctx & TCreateSessionBody): Promise<TStudySession> {
  const row = await insertStudySession(db, {
    userId,
    title,
    subject,
    durationMinutes: duration,
    scheduledAt: new Date(scheduledAt),
  });
  return toStudySessionDto(row);
}

/** Without a range: what is still ahead. With one: that span (a week of the planner). */
export async function calendar({
  db,
  userId,
  from,
  to,
  now = new Date(),
}: Ctx & { from?: string; to?: string }): Promise<TCalendar> {
  const rows =
    from && to
      ? await listStudySessions(db, userId, new Date(from), new Date(to))
      : await listStudySessions(db, userId, now);
  return { upcomingSessions: rows.map(toStudySessionDto) };
}

export async function changeSession({
  db,
  userId,
  sessionId: id,
  changes: body,
  now = new Date(),
}: Ctx & { sessionId: string; changes: TUpdateSessionBody }) {
  return db.transaction(async (tx) => {
    const current = await findOwnedStudySession(tx, userId, id);
    if (!current) throw new AppError(404, NOT_FOUND);
    // Marking done twice keeps the first completion time.
    const completedAt = body.completed === undefined ? undefined : body.completed ? (current.completedAt ?? now) : null;
    const row = await updateOwnedStudySession(tx, userId, id, {
      title: body.title,
      subject: body.subject,
      durationMinutes: body.duration,
      scheduledAt: body.scheduledAt ? new Date(body.scheduledAt) : undefined,
      completedAt,
    });
    return toStudySessionDto(row as StudySessionRow);
  });
}

export async function dropSession({ db, userId, sessionId }: Ctx & { sessionId: string }): Promise<void> {
  if (!(await deleteOwnedStudySession(db, userId, sessionId))) throw new AppError(404, NOT_FOUND);
}
