import { z } from 'zod';

export const DESIRED_RETENTION_MIN = 0.7;
export const DESIRED_RETENTION_MAX = 0.97;
export const FORECAST_DAYS_MAX = 365;
export const CATCH_UP_PER_DAY_MAX = 9999;

const RETENTION_RANGE = `Desired retention is between ${DESIRED_RETENTION_MIN} and ${DESIRED_RETENTION_MAX}`;
export const ZDesiredRetention = z
  .number({ error: 'desiredRetention must be a number' })
  .min(DESIRED_RETENTION_MIN, RETENTION_RANGE)
  .max(DESIRED_RETENTION_MAX, RETENTION_RANGE);

/** What one optimisation found; the parameters are used from then on only when `kept`. */
export const ZOptimizeResult = z.object({
  parameters: z.array(z.number()),
  /** Reviews it learned from: those made on a later day than the card's previous review. */
  reviews: z.number(),
  logLossBefore: z.number(),
  logLossAfter: z.number(),
  rmseBefore: z.number(),
  rmseAfter: z.number(),
  kept: z.boolean(),
});
export type TOptimizeResult = z.infer<typeof ZOptimizeResult>;

export const ZOptimizeStarted = z.object({ jobId: z.string() });
/** 422: too few reviews to learn from, and how many more are needed. */
export const ZNotEnoughReviews = z.object({ error: z.string(), reviewsNeeded: z.number() });

export const ZOptimizeJob = z.object({
  jobId: z.string(),
  /** A queued job (waiting for a free core) is running with progress 0. */
  status: z.enum(['running', 'done', 'failed']),
  progress: z.number(),
  result: ZOptimizeResult.optional(),
  error: z.string().optional(),
});
export type TOptimizeJob = z.infer<typeof ZOptimizeJob>;

export const ZJobParams = z.object({ jobId: z.uuid({ error: 'Optimisation not found' }) });

/** The learner's scheduler as the Scheduler section shows it. */
export const ZSchedulerState = z.object({
  desiredRetention: z.number(),
  /** The 21 FSRS-6 parameters in use. */
  parameters: z.array(z.number()),
  /** Fitted to the learner's reviews (then when), or FSRS's defaults. */
  fitted: z.boolean(),
  fittedAt: z.string().nullable(),
  autoOptimize: z.boolean(),
  /** "Catch up gently": overdue reviews a day while a backlog lasts; null when off. */
  catchUpPerDay: z.number().nullable(),
  /** The running (or queued) optimisation, if any. */
  activeJobId: z.string().nullable(),
});
export type TSchedulerState = z.infer<typeof ZSchedulerState>;

export const ZSchedulerPatch = z
  .object({
    autoOptimize: z.boolean({ error: 'autoOptimize must be true or false' }).optional(),
    catchUpPerDay: z
      .number({ error: 'catchUpPerDay must be a number or null' })
      .int('catchUpPerDay must be a whole number')
      .min(1, `catchUpPerDay is between 1 and ${CATCH_UP_PER_DAY_MAX}`)
      .max(CATCH_UP_PER_DAY_MAX, `catchUpPerDay is between 1 and ${CATCH_UP_PER_DAY_MAX}`)
      .nullable()
      .optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');

const FORECAST_DAYS = `days is a whole number from 1 to ${FORECAST_DAYS_MAX}`;
export const ZForecastQuery = z.object({
  days: z.coerce
    .number({ error: FORECAST_DAYS })
    .int(FORECAST_DAYS)
    .min(1, FORECAST_DAYS)
    .max(FORECAST_DAYS_MAX, FORECAST_DAYS)
    .default(30),
  /** Repeat it to compare choices (?retention=0.85&retention=0.95); absent: the learner's own. */
  retention: z.preprocess(
    (v) => (v === undefined ? [] : [v].flat()),
    z.array(z.coerce.number({ error: RETENTION_RANGE }).pipe(ZDesiredRetention)).max(10, 'At most 10 retention values'),
  ),
});

export const ZForecastLine = z.object({
  retention: z.number(),
  /** Expected reviews on each of the next days, today first. */
  reviews: z.array(z.number()),
  minutes: z.array(z.number()),
  totalReviews: z.number(),
  totalMinutes: z.number(),
  /** Expected average probability of recalling a studied card over the period. */
  averageRetention: z.number(),
});
export const ZForecast = z.object({
  days: z.array(z.string()),
  /** From the learner's own review times (their median), else a typical 8 seconds. */
  secondsPerReview: z.number(),
  lines: z.array(ZForecastLine),
});
export type TForecast = z.infer<typeof ZForecast>;

/** "Catch up gently": the backlog against the learner's usual day. */
export const ZBacklog = z.object({
  /** Review cards due before today. */
  overdue: z.number(),
  /** Reviews a day the learner usually makes (the 30 days before their latest review). */
  usualLoad: z.number(),
  /** More overdue than three usual days: the Flashcards screen offers to catch up gently. */
  offered: z.boolean(),
  /** Backlog reviews a day while catching up; null when not catching up. */
  catchUpPerDay: z.number().nullable(),
  suggestedPerDay: z.number(),
  daysToClear: z.number(),
});
export type TBacklog = z.infer<typeof ZBacklog>;

/** A deck's exam date (a day in the learner's calendar); null removes it. */
export const ZExamDate = z
  .string({ error: 'examDate is a date like 2026-06-15' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'examDate is a date like 2026-06-15')
  .nullable();

export const ZDeckExam = z.object({
  examDate: z.string().nullable(),
  /** The last days before the exam in which every card is reviewed at least once. */
  windowDays: z.number().nullable(),
  /** The average probability of recalling the deck's studied cards on the exam day, as simulated. */
  predictedRetention: z.number().nullable(),
  days: z.array(z.string()),
  /** Expected reviews of the deck on each day until the exam. */
  reviews: z.array(z.number()),
});
export type TDeckExam = z.infer<typeof ZDeckExam>;

/** The learner's exams, soonest first: the planner shows them on their day. */
export const ZExamList = z.array(z.object({ deckId: z.string(), deckName: z.string(), examDate: z.string() }));
export type TExamList = z.infer<typeof ZExamList>;
