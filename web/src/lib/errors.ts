import { toast } from 'sonner';
import type { z } from 'zod';

/** A thrown Error's message (the api client throws the api's own `{error}` sentence), else the fallback. */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

/** One problem at a time: the first broken rule, in the contract's own words. */
export const firstIssue = (error: z.ZodError, fallback: string): string => error.issues[0]?.message ?? fallback;

/**
 * A failed action: the screen's own words as the title and, beneath, the api's reason, so a learner
 * learns why (a card deleted in another tab, a limit reached) and not only that it failed.
 */
export function toastFailure(title: string, error: unknown): void {
  const reason = messageOf(error, '');
  toast.error(title, reason && reason !== title ? { description: reason } : undefined);
}
