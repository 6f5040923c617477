import {
  deleteOwnedStudySession,
  findOwnedStudySession,
  insertStudySession,
  listStudySessions,
  type StudySessionRow,
  updateOwnedStudySession,
} from '@learnboost/db';
import type { TCalendar, TCreateSessionBody, TStudySession, TUpdateSessionBody } from '../../contract';
import { AppError } from '../../lib/errors';
import type { LearnerContext } from '../../lib/learner-context';

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

export async function planSession({
  db,
  userId,
  title,
  subject,
  duration,
  scheduledAt,
}: LearnerContext & TCreateSessionBody): Promise<TStudySession> {
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
}: LearnerContext & { from?: string; to?: string }): Promise<TCalendar> {
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
}: LearnerContext & { sessionId: string; changes: TUpdateSessionBody }) {
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

export async function dropSession({ db, userId, sessionId }: LearnerContext & { sessionId: string }): Promise<void> {
  if (!(await deleteOwnedStudySession(db, userId, sessionId))) throw new AppError(404, NOT_FOUND);
}
