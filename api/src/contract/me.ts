import { z } from 'zod';

export const ZSettings = z.object({ weeklyGoalMinutes: z.number(), timeZone: z.string() });
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
  })
  .refine((b) => b.weeklyGoalMinutes !== undefined || b.timeZone !== undefined, 'Nothing to change');
export type TUpdateSettingsBody = z.infer<typeof ZUpdateSettingsBody>;
