import { z } from 'zod';
import { ZDesiredRetention } from './scheduler';

export const NEW_CARDS_PER_DAY_MAX = 9999;

export const ZSettings = z.object({
  weeklyGoalMinutes: z.number(),
  timeZone: z.string(),
  newCardsPerDay: z.number(),
  /** The recall probability intervals aim at (0.70–0.97). */
  desiredRetention: z.number(),
  /** The 21 FSRS-6 parameters every interval uses: fitted to the learner, or the defaults. */
  fsrsParameters: z.array(z.number()),
});
export type TSettings = z.infer<typeof ZSettings>;

const WEEKLY_GOAL_RANGE = 'The weekly goal is between 10 and 10,080 minutes';
/** A whole number of minutes in range; one sentence for every way to miss it, as a learner types it. */
export const ZWeeklyGoalMinutes = z
  .number({ error: WEEKLY_GOAL_RANGE })
  .int(WEEKLY_GOAL_RANGE)
  .min(10, WEEKLY_GOAL_RANGE)
  .max(10_080, WEEKLY_GOAL_RANGE);

const NEW_CARDS_RANGE = `New cards per day are between 0 and ${NEW_CARDS_PER_DAY_MAX}`;
export const ZNewCardsPerDay = z
  .number({ error: NEW_CARDS_RANGE })
  .int(NEW_CARDS_RANGE)
  .min(0, NEW_CARDS_RANGE)
  .max(NEW_CARDS_PER_DAY_MAX, NEW_CARDS_RANGE);

export const ZUpdateSettingsBody = z
  .object({
    weeklyGoalMinutes: ZWeeklyGoalMinutes.optional(),
    // Checked against the runtime's IANA zone list by the service.
    timeZone: z.string({ error: 'timeZone must be an IANA time zone, like Europe/Paris' }).max(64).optional(),
    newCardsPerDay: ZNewCardsPerDay.optional(),
    desiredRetention: ZDesiredRetention.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');
export type TUpdateSettingsBody = z.infer<typeof ZUpdateSettingsBody>;
