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

export const ZUpdateSettingsBody = z
  .object({
    weeklyGoalMinutes: z
      .number({ error: 'weeklyGoalMinutes must be a number' })
      .int('weeklyGoalMinutes must be a whole number')
      .min(10, 'The weekly goal is between 10 and 10,080 minutes')
      .max(10_080, 'The weekly goal is between 10 and 10,080 minutes')
      .optional(),
    // Checked against the runtime's IANA zone list by the service.
    timeZone: z.string({ error: 'timeZone must be an IANA time zone, like Europe/Paris' }).max(64).optional(),
    newCardsPerDay: z
      .number({ error: 'newCardsPerDay must be a number' })
      .int('newCardsPerDay must be a whole number')
      .min(0, `New cards per day are between 0 and ${NEW_CARDS_PER_DAY_MAX}`)
      .max(NEW_CARDS_PER_DAY_MAX, `New cards per day are between 0 and ${NEW_CARDS_PER_DAY_MAX}`)
      .optional(),
    desiredRetention: ZDesiredRetention.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');
export type TUpdateSettingsBody = z.infer<typeof ZUpdateSettingsBody>;
