/** Waits before each retry: a blip is retried at once-ish, a longer outage gets some room. */
export const RETRY_DELAYS_MS = [500, 1500, 4000] as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `send`, retrying after each delay in `delays`; the last failure is rethrown. */
export async function sendWithRetry<T>(
  send: () => Promise<T>,
  delays: readonly number[] = RETRY_DELAYS_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined) throw error;
      await sleep(delay);
    }
  }
}
