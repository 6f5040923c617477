import { z } from 'zod';

export const FILL_ALL_FIELDS = 'Please fill in all fields';
export const DEFAULT_SESSION_MINUTES = 60;

/** The spec's sentence, naming the field by its label on screen so the learner knows which one. */
export const missingField = (label: string) => `${FILL_ALL_FIELDS}: ${label} is missing`;

const requiredText = (max: number, field: string, label: string) =>
  z
    .string({ error: missingField(label) })
    .refine((v) => v.trim().length > 0, missingField(label))
    .refine((v) => v.length <= max, `${field} must be at most ${max} characters`);

export const YEARS_OUT_OF_RANGE = 'Dates must fall between the years 1900 and 2999';

// Years 0001-0099 were stored right and read back as 2001-2099 (the drivers parse a timestamp's
// text through Date, which reads two-digit years as 19xx/20xx); no study session is that far off.
const isoInstant = (message: string) =>
  z.iso
    .datetime({ offset: true, error: message })
    .transform((v) => new Date(v).toISOString())
    .refine((v) => {
      const year = Number(v.slice(0, 4));
      return year >= 1900 && year <= 2999;
    }, YEARS_OUT_OF_RANGE);

const duration = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: 'Duration must be a number of minutes' })
    .int('Duration must be a whole number of minutes')
    .min(1, 'Duration must be between 1 and 1440 minutes')
    .max(1440, 'Duration must be between 1 and 1440 minutes'),
);

const INSTANT_HINT = 'scheduledAt must be a date and time with its zone, like 2026-11-23T18:00:00Z';

export const ZCreateSessionBody = z.object({
  title: requiredText(200, 'Title', 'Session Title'),
  subject: requiredText(100, 'Subject', 'Subject'),
  duration: duration.optional().transform((v) => v ?? DEFAULT_SESSION_MINUTES),
  scheduledAt: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string({ error: missingField('Scheduled Date & Time') }).pipe(isoInstant(INSTANT_HINT)),
  ),
});
export type TCreateSessionBody = z.infer<typeof ZCreateSessionBody>;

export const ZUpdateSessionBody = z
  .object({
    title: requiredText(200, 'Title', 'Session Title').optional(),
    subject: requiredText(100, 'Subject', 'Subject').optional(),
    duration: duration.optional(),
    scheduledAt: isoInstant(INSTANT_HINT).optional(),
    completed: z.boolean({ error: 'completed must be true or false' }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');
export type TUpdateSessionBody = z.infer<typeof ZUpdateSessionBody>;

export const ZStudySession = z.object({
  id: z.string(),
  title: z.string(),
  subject: z.string(),
  duration: z.number(),
  scheduledAt: z.string(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
});
export type TStudySession = z.infer<typeof ZStudySession>;

export const MAX_CALENDAR_SPAN_DAYS = 366;

export const ZCalendarQuery = z
  .object({
    from: isoInstant('from must be a date and time with its zone').optional(),
    to: isoInstant('to must be a date and time with its zone').optional(),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), 'Send both from and to, or neither')
  .refine((q) => !q.from || !q.to || q.from < q.to, 'from must be before to')
  .refine(
    (q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= MAX_CALENDAR_SPAN_DAYS * 86_400_000,
    `A calendar range spans at most ${MAX_CALENDAR_SPAN_DAYS} days`,
  );

export const ZCalendar = z.object({ upcomingSessions: z.array(ZStudySession) });
export type TCalendar = z.infer<typeof ZCalendar>;

/** The learner's calendar subscription address (webcal-compatible https/http URL with its secret). */
export const ZCalendarFeed = z.object({ url: z.string() });
export type TCalendarFeed = z.infer<typeof ZCalendarFeed>;
