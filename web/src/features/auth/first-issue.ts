import type { z } from 'zod';

/** One problem at a time: the first broken rule, in the contract's own words. */
export const firstIssue = (error: z.ZodError, fallback: string): string => error.issues[0]?.message ?? fallback;

/** A thrown Error's message, else the screen's fallback ("Login failed"). */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;
