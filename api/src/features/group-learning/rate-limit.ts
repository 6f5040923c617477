/**
 * One budget per learner and minute, shared by REST and socket card adds in this process, so a
 * client cannot double its allowance by switching transport. Fixed windows: cheap and predictable.
 */
export class PerMinuteLimit {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one use; false when the learner has used up this minute. */
  take(key: string): boolean {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || now - window.start >= 60_000) {
      // Forget finished windows now and then, so the map tracks only recent learners.
      if (this.windows.size > 10_000) this.prune(now);
      this.windows.set(key, { start: now, used: 1 });
      return true;
    }
    window.used += 1;
    return window.used <= this.perMinute;
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= 60_000) this.windows.delete(key);
  }
}

export const TOO_MANY_CARDS = 'Too many cards at once; wait a minute and try again';
