import type { WindowCounter } from '../../lib/rate-counter';

export const TOO_MANY_CARDS = 'Too many cards at once; wait a minute and try again';

const MINUTE_MS = 60_000;

export type LimitAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * One budget per learner and minute for room cards, REST and socket alike (the service takes it,
 * so a client cannot double its allowance by switching transport). With REDIS_URL the counter
 * lives in Redis and the budget holds across every api process. Fixed windows: cheap, predictable.
 */
export class PerMinuteLimit {
  constructor(
    private readonly perMinute: number,
    private readonly counter: WindowCounter,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** Counts one use. Should the counter be unreachable, the card goes through: Redis is no reason to stop a room. */
  async take(key: string): Promise<LimitAnswer> {
    try {
      const { count, resetMs } = await this.counter.hit(`room-cards:${key}`, MINUTE_MS);
      if (count <= this.perMinute) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(resetMs / 1000)) };
    } catch (err) {
      this.onError(err);
      return { allowed: true };
    }
  }
}
