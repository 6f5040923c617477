import { type DbOrTx, findSchedulerSettings, listExamCoverage, type SchedulerSettingsRow } from '@learnboost/db';
import type { FastifyInstance } from 'fastify';
import type { ExamCover } from '../../lib/scheduling/exam-window';
import { DEFAULT_DESIRED_RETENTION, DEFAULT_PARAMETERS, type SchedulerSettings } from '../../lib/scheduling/schedule';

/** A learner's scheduler, as every scheduling call takes it, plus what the screen says about it. */
export type LearnerScheduler = SchedulerSettings & {
  fittedAt: Date | null;
  autoOptimize: boolean;
  catchUpPerDay: number | null;
  reviewsAtLastOptimize: number;
};

export const AUTO_OPTIMIZE_EVERY = 1000;

export const learnerScheduler = (
  row: SchedulerSettingsRow | undefined,
  exams: ReadonlyMap<string, ExamCover> = new Map(),
): LearnerScheduler => ({
  exams,
  parameters: row?.parameters?.length === DEFAULT_PARAMETERS.length ? row.parameters : DEFAULT_PARAMETERS,
  desiredRetention: row?.desiredRetention ?? DEFAULT_DESIRED_RETENTION,
  fittedAt: row?.parameters ? (row.fittedAt ?? null) : null,
  autoOptimize: row?.autoOptimize ?? true,
  catchUpPerDay: row?.catchUpPerDay ?? null,
  reviewsAtLastOptimize: row?.reviewsAtLastOptimize ?? 0,
});

type Entry = { value: LearnerScheduler; until: number };

/**
 * Learners' scheduler settings this process read lately: a review needs them, and they change
 * seldom. A change drops them here and, through the session cache's revocation (Redis between
 * processes), everywhere; entries live at most `ttlMs` should a broadcast be lost.
 */
export class SchedulerSettingsCache {
  readonly #entries = new Map<string, Entry>();
  readonly #droppedAt = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async get(db: DbOrTx, userId: string): Promise<LearnerScheduler> {
    const now = Date.now();
    const hit = this.#entries.get(userId);
    if (hit && hit.until > now) return hit.value;
    const [row, exams] = await Promise.all([findSchedulerSettings(db, userId), listExamCoverage(db, userId)]);
    const value = learnerScheduler(row, exams);
    // A change made while this read was in flight must not be hidden behind it.
    if (this.ttlMs > 0 && (this.#droppedAt.get(userId) ?? 0) < now) {
      if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value as string);
      this.#entries.set(userId, { value, until: now + this.ttlMs });
    }
    return value;
  }

  drop(userId: string): void {
    this.#entries.delete(userId);
    this.#droppedAt.set(userId, Date.now());
    if (this.#droppedAt.size > 10_000) this.#droppedAt.delete(this.#droppedAt.keys().next().value as string);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    schedulerSettings: SchedulerSettingsCache;
    /** After a learner's scheduler settings change: drops them in every process. */
    schedulerChanged: (userId: string) => void;
  }
}

export function decorateSchedulerSettings(app: FastifyInstance, ttlMs: number): void {
  const cache = new SchedulerSettingsCache(ttlMs);
  app.decorate('schedulerSettings', cache);
  app.sessions.onRevoked.push((r) => {
    if ('userId' in r) cache.drop(r.userId);
  });
  app.decorate('schedulerChanged', (userId: string) => app.sessions.revoke({ userId }));
}
