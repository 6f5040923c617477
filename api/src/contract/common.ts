import { z } from 'zod';

/** Every non-2xx answer of the api has this body. */
export const ZErrorBody = z.object({ error: z.string() });
export type TErrorBody = z.infer<typeof ZErrorBody>;

export const ZIdParams = z.object({ id: z.uuid({ error: 'Not found' }) });

export const ZHealth = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  databaseKind: z.enum(['postgres', 'pglite']),
  version: z.string(),
  /** The seeded demo account, shown on /login; null when seeding is off. */
  demo: z.object({ email: z.string(), password: z.string() }).nullable(),
});
export type THealth = z.infer<typeof ZHealth>;

/** PostgreSQL text cannot hold U+0000; a body or socket event carrying it is refused with this. */
export const NUL_TEXT = 'Text cannot contain the NUL character';
export const hasNoNul = (v: string) => !v.includes('\0');
