import {
  anythingDueBetween,
  type Db,
  dailyCardsAdded,
  dailyCompletedSessions,
  dailyPractice,
  dailyReviews,
  dailySubmissions,
  findUserById,
  plannedDays,
} from '@learnboost/db';
import { AppError } from './errors';
import { addDays, type Day, dayBounds, dayOf } from './local-days';
import { computeStreak, type Streak } from './streak';

// The learner's study history by day: the dashboard and the coach both read it.
const WINDOW_DAYS = 400;

/** Everything the overview is computed from, per learner day. */
export async function loadStudyHistory(db: Db, userId: string, now = new Date()) {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(401, 'Sign in to continue');
  const tz = user.timeZone;
  const since = new Date(now.getTime() - WINDOW_DAYS * 86_400_000);
  const [reviews, practice, sessions, planned, submissions, added] = await Promise.all([
    dailyReviews(db, userId, dayOf(since, tz)),
    dailyPractice(db, userId, tz, since),
    dailyCompletedSessions(db, userId, tz, since),
    plannedDays(db, userId, tz, since),
    dailySubmissions(db, userId, tz, since),
    dailyCardsAdded(db, userId, tz, since),
  ]);
  const minutes = new Map<Day, number>();
  const counts = new Map<Day, number>();
  const bump = (map: Map<Day, number>, day: Day, by: number) => map.set(day, (map.get(day) ?? 0) + by);
  for (const r of reviews) {
    bump(minutes, r.day, r.ms / 60_000);
    bump(counts, r.day, r.reviews);
  }
  // Practice ahead moves no schedule, but it is study: its minutes count, and so does its day.
  for (const p of practice) {
    bump(minutes, p.day, p.ms / 60_000);
    bump(counts, p.day, p.practised);
  }
  for (const s of sessions) {
    bump(minutes, s.day, s.minutes);
    bump(counts, s.day, s.sessions);
  }
  const tests = new Map<Day, number>();
  for (const s of submissions) {
    bump(counts, s.day, s.submissions);
    bump(tests, s.day, s.submissions);
  }
  const today = dayOf(now, tz);
  const firstDay = [dayOf(user.createdAt, tz), addDays(today, -WINDOW_DAYS)].sort().at(-1) as Day;
  return {
    user,
    tz,
    today,
    firstDay,
    reviews,
    added,
    minutes,
    tests,
    counts,
    planned: new Set(planned.map((p) => p.day)),
  };
}

export type StudyHistory = Awaited<ReturnType<typeof loadStudyHistory>>;

// The streak walks the learner's history; it is recomputed only when that history changed.
const streakCache = new Map<string, { key: string; streak: Streak }>();

export async function streakOf(db: Db, h: StudyHistory): Promise<Streak> {
  const studied = new Set(h.counts.keys());
  const key = `${h.today}|${h.tz}|${[...studied].sort().join()}|${[...h.planned].sort().join()}|${h.added.map((a) => `${a.day}:${a.added}`).join()}`;
  const cached = streakCache.get(h.user.id);
  if (cached?.key === key) return cached.streak;
  const streak = await computeStreak({
    today: h.today,
    studied,
    firstDay: h.firstDay,
    forgiven: async (day) => {
      if (h.planned.has(day)) return false;
      const { start, end } = dayBounds(day, h.tz);
      return !(await anythingDueBetween(db, h.user.id, start, end));
    },
  });
  if (streakCache.size > 10_000) streakCache.clear();
  streakCache.set(h.user.id, { key, streak });
  return streak;
}
