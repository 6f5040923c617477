import { ApiError } from '../../lib/api-client';

/** Waits before each retry: a blip is retried at once-ish, a longer outage gets some room. */
export const RETRY_DELAYS_MS = [500, 1500, 4000] as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A refusal (4xx) says the same on every try; a lost connection or a server fault may pass. */
const worthRetrying = (error: unknown) => !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/**
 * Runs `send`, retrying after each delay in `delays` while the failure may pass; the last failure
 * is rethrown. Only for writes the server recognises when sent twice (a review names itself).
 */
export async function sendWithRetry<T>(
  send: () => Promise<T>,
  delays: readonly number[] = RETRY_DELAYS_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !worthRetrying(error)) throw error;
      await sleep(delay);
    }
  }
}
