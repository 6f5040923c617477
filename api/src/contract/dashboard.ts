import { z } from 'zod';

export const ZActivityKind = z.enum(['review', 'test', 'session', 'card-added']);

export const ZAchievement = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  earned: z.boolean(),
  earnedAt: z.string().nullable(),
  /** 0–100: how far along the learner is. */
  progress: z.number(),
});
export type TAchievement = z.infer<typeof ZAchievement>;

/**
 * FSRS stability (days) from which a card counts as mastered on the dashboard: FSRS then expects it
 * remembered three weeks on, the interval Anki calls "mature".
 */
export const MASTERED_STABILITY_DAYS = 21;

export const ZDashboardOverview = z.object({
  /** This week's study minutes over the weekly goal, in percent, capped at 100. */
  weeklyProgress: z.number().int(),
  weeklyMinutes: z.number().int(),
  weeklyGoalMinutes: z.number().int(),
  motivationalQuote: z.object({ text: z.string(), author: z.string() }),
  today: z.object({
    studyMinutes: z.number().int(),
    cardsReviewed: z.number().int(),
    /** Knowledge tests submitted today. */
    testsTaken: z.number().int(),
    /** Percent change from yesterday up to this time of day; null when it had nothing to compare with. */
    vsYesterday: z.object({ studyMinutes: z.number().int().nullable(), cardsReviewed: z.number().int().nullable() }),
  }),
  streak: z.object({ current: z.number().int(), longest: z.number().int() }),
  recentActivity: z.array(z.object({ kind: ZActivityKind, text: z.string(), at: z.string() })),
  topics: z.array(z.object({ subject: z.string(), mastered: z.number().int(), pending: z.number().int() })),
  achievements: z.array(ZAchievement),
  /** One entry per day of the past 365 (oldest first, today last), in the learner's days. */
  activity: z.array(z.object({ date: z.string(), count: z.number().int() })),
  timeZone: z.string(),
});
export type TDashboardOverview = z.infer<typeof ZDashboardOverview>;

export const ZCoachInsights = z.object({
  message: z.string(),
  insights: z.array(z.object({ metric: z.string(), value: z.union([z.string(), z.number()]) })),
});
export type TCoachInsights = z.infer<typeof ZCoachInsights>;
