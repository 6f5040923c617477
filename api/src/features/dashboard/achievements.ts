import type { TAchievement } from '../../contract';

export type AchievementFacts = {
  totalCards: number;
  firstCardAt: Date | null;
  totalReviews: number;
  hundredthReviewAt: Date | null;
  thousandthReviewAt: Date | null;
  longestStreak: number;
  /** When a streak first reached 3 and 7 days. */
  streakReachedAt: (days: number) => Date | null;
  bestWeekPercent: number;
  weeklyGoalReachedAt: Date | null;
  perfectScoreAt: Date | null;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;
const percent = (value: number, target: number) => Math.min(100, Math.floor((value / target) * 100));

function achievement(
  id: string,
  title: string,
  description: string,
  progress: number,
  earnedAt: Date | null,
): TAchievement {
  return {
    id,
    title,
    description,
    earned: earnedAt !== null,
    earnedAt: iso(earnedAt),
    progress: earnedAt ? 100 : progress,
  };
}

/** Earned at the moment the learner's own history reached them; locked ones show how far along they are. */
export function buildAchievements(f: AchievementFacts): TAchievement[] {
  return [
    achievement(
      'first-flashcard',
      'First Flashcard',
      'Create your first flashcard',
      percent(f.totalCards, 1),
      f.firstCardAt,
    ),
    achievement(
      'three-day-streak',
      '3-Day Streak',
      'Study three days in a row',
      percent(f.longestStreak, 3),
      f.streakReachedAt(3),
    ),
    achievement(
      'hundred-reviews',
      '100 Flashcards Reviewed',
      'Review 100 flashcards',
      percent(f.totalReviews, 100),
      f.hundredthReviewAt,
    ),
    achievement(
      'first-week-champion',
      'First Week Champion',
      'Reach your weekly goal',
      f.bestWeekPercent,
      f.weeklyGoalReachedAt,
    ),
    achievement(
      'seven-day-streak',
      '7-Day Streak',
      'Study seven days in a row',
      percent(f.longestStreak, 7),
      f.streakReachedAt(7),
    ),
    achievement('perfect-score', 'Perfect Score', 'Score 100% on a knowledge test', 0, f.perfectScoreAt),
    achievement(
      'thousand-reviews',
      '1,000 Flashcards Reviewed',
      'Review 1,000 flashcards',
      percent(f.totalReviews, 1000),
      f.thousandthReviewAt,
    ),
  ];
}
