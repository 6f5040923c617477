import { countDeck, type Db, recentSubmissions } from '@learnboost/db';
import { addDays } from '../../lib/local-days';
import { loadStudyHistory, streakOf } from '../../lib/study-history';
import type { CoachStats } from '../ai/provider';

export type CoachFacts = CoachStats;

export async function gatherCoachFacts(db: Db, userId: string, now = new Date()): Promise<CoachFacts> {
  const history = await loadStudyHistory(db, userId, now);
  const [streak, deck, submissions] = await Promise.all([
    streakOf(db, history),
    countDeck(db, userId, now),
    recentSubmissions(db, userId, 50),
  ]);
  const weekAgo = addDays(history.today, -6);
  const lastWeek = history.reviews.filter((r) => r.day >= weekAgo);
  const reviews = lastWeek.reduce((n, r) => n + r.reviews, 0);
  const remembered = lastWeek.reduce((n, r) => n + r.remembered, 0);

  const latestByTest = new Map<string, number>();
  for (const s of submissions) {
    if (!latestByTest.has(s.name)) latestByTest.set(s.name, s.answers.filter((a) => !a.correct).length);
  }
  const [weakest] = [...latestByTest].filter(([, mistakes]) => mistakes > 0).sort((a, b) => b[1] - a[1]);

  return {
    streak: streak.current,
    retention: reviews > 0 ? Math.round((remembered / reviews) * 100) : null,
    reviewsThisWeek: reviews,
    dueCards: deck.due,
    weakestTopic: weakest?.[0] ?? null,
    lastScore: submissions[0]?.score ?? null,
  };
}
