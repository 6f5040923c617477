import {
  type Db,
  milestones,
  recentCompletedSessions,
  recentSubmissions,
  studyBetween,
  subjectProgress,
} from '@learnboost/db';
import { MASTERED_STABILITY_DAYS, type TDashboardOverview } from '../../contract';
import { addDays, type Day, dayBounds, weekStart } from '../../lib/local-days';
import { loadStudyHistory, type StudyHistory, streakOf } from '../../lib/study-history';
import { buildAchievements } from './achievements';
import { quoteOfDay } from './quotes';

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;
const change = (today: number, yesterday: number) =>
  yesterday > 0 ? Math.round(((today - yesterday) / yesterday) * 100) : null;

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

export async function dashboardOverview({
  db,
  userId,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  now?: Date;
}): Promise<TDashboardOverview> {
  const h = await loadStudyHistory(db, userId, now);
  const yesterday = addDays(h.today, -1);
  // Today so far is compared with yesterday up to the same time of day: at 9 a.m. a whole
  // yesterday would always look like more ("-98% vs yesterday" after a first session).
  const yesterdayStart = dayBounds(yesterday, h.tz).start;
  const sameTimeYesterday = new Date(
    yesterdayStart.getTime() + (now.getTime() - dayBounds(h.today, h.tz).start.getTime()),
  );
  const [streak, facts, tests, done, topics, soFarYesterday] = await Promise.all([
    streakOf(db, h),
    milestones(db, userId),
    recentSubmissions(db, userId, 10),
    recentCompletedSessions(db, userId, 10),
    subjectProgress(db, userId, MASTERED_STABILITY_DAYS),
    studyBetween(db, userId, yesterdayStart, sameTimeYesterday),
  ]);
  const week = weeklyGoalFacts(h);
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
      testsTaken: h.tests.get(h.today) ?? 0,
      vsYesterday: {
        studyMinutes: change(minutesOn(h.today), Math.round(soFarYesterday.minutes)),
        cardsReviewed: change(reviewsOn(h.today), soFarYesterday.reviews),
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
