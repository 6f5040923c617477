import { createClient } from 'redis';

export type WindowCount = { count: number /** ms until the window resets */; resetMs: number };

/** Counts hits per key in fixed windows: in this process, or in Redis for every process at once. */
export interface WindowCounter {
  hit(key: string, windowMs: number): Promise<WindowCount>;
  close(): Promise<void>;
}

/** One process's counts; enough when a single api process serves everyone. */
export class MemoryCounter implements WindowCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      // Forget finished windows now and then, so the map tracks only recent clients.
      if (this.windows.size > 10_000) this.prune(now, windowMs);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetMs: window.start + windowMs - now };
  }

  async close(): Promise<void> {}

  private prune(now: number, windowMs: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= windowMs) this.windows.delete(key);
  }
}

// INCR and the window's expiry in one step, so two processes never both start a window.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/** Counts shared by every api process on one Redis: "per client" holds however many processes serve. */
export class RedisCounter implements WindowCounter {
  private constructor(
    private readonly redis: ReturnType<typeof createClient>,
    private readonly prefix: string,
  ) {}

  static async connect(url: string, prefix: string, onError: (err: Error) => void): Promise<RedisCounter> {
    // Without the offline queue a command fails at once while Redis is away, instead of waiting.
    const redis = createClient({ url, disableOfflineQueue: true });
    redis.on('error', onError);
    await redis.connect();
    return new RedisCounter(redis, prefix);
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const [count, resetMs] = (await this.redis.eval(HIT, {
      keys: [`${this.prefix}${key}`],
      arguments: [String(windowMs)],
    })) as [number, number];
    return { count, resetMs };
  }

  async close(): Promise<void> {
    await this.redis.close();
  }
}
