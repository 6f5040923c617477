import {
  anythingDueBetween,
  type Db,
  dailyCardsAdded,
  dailyCompletedSessions,
  dailyReviews,
  dailySubmissions,
  findUserById,
  milestones,
  plannedDays,
  recentCompletedSessions,
  recentSubmissions,
  subjectProgress,
} from '@learnboost/db';
import type { TDashboardOverview } from '../../contract';
import { AppError } from '../../lib/errors';
import { addDays, type Day, dayBounds, dayOf, weekStart } from '../../lib/local-days';
import { buildAchievements } from './achievements';
import { quoteOfDay } from './quotes';
import { computeStreak, type Streak } from './streak';

const WINDOW_DAYS = 400;
const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;
const change = (today: number, yesterday: number) =>
  yesterday > 0 ? Math.round(((today - yesterday) / yesterday) * 100) : null;

/** Everything the overview is computed from, per learner day. */
export async function loadStudyHistory(db: Db, userId: string, now = new Date()) {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(401, 'Sign in to continue');
  const tz = user.timeZone;
  const since = new Date(now.getTime() - WINDOW_DAYS * 86_400_000);
  const [reviews, sessions, planned, submissions, added] = await Promise.all([
    dailyReviews(db, userId, dayOf(since, tz)),
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
  for (const s of sessions) {
    bump(minutes, s.day, s.minutes);
    bump(counts, s.day, s.sessions);
  }
  for (const s of submissions) bump(counts, s.day, s.submissions);
  const today = dayOf(now, tz);
  const firstDay = [dayOf(user.createdAt, tz), addDays(today, -WINDOW_DAYS)].sort().at(-1) as Day;
  return { user, tz, today, firstDay, reviews, added, minutes, counts, planned: new Set(planned.map((p) => p.day)) };
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

function weeklyGoalFacts(h: StudyHistory) {
  const goal = h.user.weeklyGoalMinutes;
  const byWeek = new Map<Day, number>();
  let reachedOn: Day | null = null;
  for (const day of [...h.minutes.keys()].sort()) {
    const week = weekStart(day);
    const total = (byWeek.get(week) ?? 0) + (h.minutes.get(day) ?? 0);
    byWeek.set(week, total);
    if (!reachedOn && total >= goal) reachedOn = day;
  }
  const best = Math.max(0, ...byWeek.values());
  const thisWeek = Math.round(byWeek.get(weekStart(h.today)) ?? 0);
  return { goal, thisWeek, bestPercent: Math.min(100, Math.floor((best / goal) * 100)), reachedOn };
}

function recentActivity(
  h: StudyHistory,
  tests: { name: string; score: number; at: Date }[],
  done: { title: string; minutes: number; at: Date | null }[],
) {
  const items: TDashboardOverview['recentActivity'] = [
    ...h.reviews.map((r) => ({
      kind: 'review' as const,
      text: `Reviewed ${plural(r.reviews, 'flashcard')}`,
      at: r.last.toISOString(),
    })),
    ...h.added.map((a) => ({
      kind: 'card-added' as const,
      text: `Added ${plural(a.added, 'flashcard')}`,
      at: a.last.toISOString(),
    })),
    ...tests.map((t) => ({ kind: 'test' as const, text: `Scored ${t.score}% on ${t.name}`, at: t.at.toISOString() })),
    ...done.map((s) => ({
      kind: 'session' as const,
      text: `Completed ${s.title} (${s.minutes} min)`,
      at: (s.at as Date).toISOString(),
    })),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at)).slice(0, 10);
}

export async function dashboardOverview(db: Db, userId: string, now = new Date()): Promise<TDashboardOverview> {
  const h = await loadStudyHistory(db, userId, now);
  const [streak, facts, tests, done, topics] = await Promise.all([
    streakOf(db, h),
    milestones(db, userId),
    recentSubmissions(db, userId, 10),
    recentCompletedSessions(db, userId, 10),
    subjectProgress(db, userId),
  ]);
  const week = weeklyGoalFacts(h);
  const yesterday = addDays(h.today, -1);
  const reviewsOn = (day: Day) => h.reviews.find((r) => r.day === day)?.reviews ?? 0;
  const minutesOn = (day: Day) => Math.round(h.minutes.get(day) ?? 0);
  const startOf = (day: Day | undefined | null) => (day ? dayBounds(day, h.tz).start : null);

  return {
    weeklyProgress: Math.min(100, Math.floor((week.thisWeek / week.goal) * 100)),
    weeklyMinutes: week.thisWeek,
    weeklyGoalMinutes: week.goal,
    motivationalQuote: quoteOfDay(h.today),
    today: {
      studyMinutes: minutesOn(h.today),
      cardsReviewed: reviewsOn(h.today),
      vsYesterday: {
        studyMinutes: change(minutesOn(h.today), minutesOn(yesterday)),
        cardsReviewed: change(reviewsOn(h.today), reviewsOn(yesterday)),
      },
    },
    streak: { current: streak.current, longest: streak.longest },
    recentActivity: recentActivity(h, tests, done),
    topics,
    achievements: buildAchievements({
      ...facts,
      longestStreak: streak.longest,
      streakReachedAt: (days) => startOf(streak.reachedOn.get(days)),
      bestWeekPercent: week.bestPercent,
      weeklyGoalReachedAt: startOf(week.reachedOn),
    }),
    activity: Array.from({ length: 365 }, (_, i) => {
      const date = addDays(h.today, i - 364);
      return { date, count: h.counts.get(date) ?? 0 };
    }),
    timeZone: h.tz,
  };
}
