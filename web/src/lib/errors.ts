import { toast } from 'sonner';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { YOU_ARE_OFFLINE } from './offline';

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
  // With no network nothing failed: the action waits for it, and the learner is told just that.
  if (isOffline(error))
    return void toast.error(YOU_ARE_OFFLINE, { description: 'Try again once you are back online.' });
  const reason = messageOf(error, '');
  toast.error(title, reason && reason !== title ? { description: reason } : undefined);
}

/** An action refused before it left the browser for want of a network (the api client's "You're offline"), or a read with none. */
export const isOffline = (error: unknown): boolean =>
  error instanceof ApiError
    ? error.status === 0 && error.message === YOU_ARE_OFFLINE
    : // A read that found no network (and no saved copy): fetch's own TypeError.
      typeof navigator !== 'undefined' && !navigator.onLine;
