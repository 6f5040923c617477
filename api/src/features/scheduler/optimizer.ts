import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import {
  beatJob,
  claimNextJob,
  countLearnerReviews,
  type Db,
  failJob,
  findSchedulerSettings,
  findUserById,
  finishJob,
  insertSchedulerJob,
  recoverStaleJobs,
  type SchedulerJobRow,
  saveSchedulerSettings,
  trainingLogPages,
} from '@learnboost/db';
import type { FastifyBaseLogger } from 'fastify';
import { MIN_TRAINING_REVIEWS, NotEnoughReviews } from './scheduler.service';
import { AUTO_OPTIMIZE_EVERY, learnerScheduler } from './scheduler-settings';
import { Training, type TrainingResult } from './training-worker';

export type OptimizeResult = TrainingResult & { kept: boolean };

export type OptimizerOptions = {
  db: Db;
  log: FastifyBaseLogger;
  /** Called when a learner's parameters changed (their cached settings are dropped everywhere). */
  changed: (userId: string) => void;
  /** Trainings at once across every process: one per core. */
  maxRunning?: number;
  /** How often an idle process looks for queued jobs, and a running one says it is alive. */
  pollMs?: number;
  /** A running job silent this long belongs to a dead process. */
  staleMs?: number;
  /** Waits, between pages of a learner's log, for the requests being answered (none: a turn). */
  requestsFirst?: () => Promise<void>;
  /** About how long reading a page of the log may take (trainingLogPages). */
  readPageMs?: number;
};

/**
 * Anki's rule: a fit is kept only when its log loss on the learner's reviews is lower than that of
 * the parameters in use; here lower by more than chance alone gives. Fitted to those very reviews,
 * 21 free parameters win on them by about 21/2 nats in all even when the parameters in use are
 * the learner's true ones (Wilks), so the fit must win by more than that (docs/scheduler.md).
 */
export const predictsBetter = (r: TrainingResult): boolean =>
  r.reviews > 0 && (r.logLossBefore - r.logLossAfter) * r.reviews > FREE_PARAMETERS / 2;
const FREE_PARAMETERS = 21;

/** A job whose process died is tried this many times in all, then failed with the reason. */
const MAX_ATTEMPTS = 2;
const DIED = 'The server stopped while optimising, twice: try again';

/**
 * Runs the optimisation jobs the database holds. Every process runs one: it claims queued jobs
 * while fewer than one per core run anywhere, trains each in a worker thread, and keeps the fit
 * only when it predicts the learner's reviews better than the parameters in use (Anki's rule).
 * A job left running by a dead process is queued again (or failed with the reason) when its
 * heartbeat is stale.
 */
export class Optimizer {
  readonly owner = randomUUID();
  readonly #running = new Set<string>();
  readonly #reviewsSeen = new Map<string, number>();
  readonly #maxRunning: number;
  readonly #pollMs: number;
  readonly #staleMs: number;
  #timer: NodeJS.Timeout | undefined;
  #ticking: Promise<void> | null = null;
  #again = false;
  #stopped = false;
  /** A training worker started ahead of the next job: loading fsrs-rs took 0.1–0.2 s of each. */
  #ready: Training | undefined;

  constructor(private readonly options: OptimizerOptions) {
    this.#maxRunning = options.maxRunning ?? availableParallelism();
    this.#pollMs = options.pollMs ?? 2000;
    this.#staleMs = options.staleMs ?? 15_000;
  }

  start(): void {
    this.#stopped = false;
    this.#ready ??= new Training();
    this.kick();
    this.#timer = setInterval(() => this.kick(), this.#pollMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#ticking;
    this.#ready?.abandon();
    this.#ready = undefined;
  }

  /** Queues an optimisation; undefined when the learner has one queued or running. */
  async enqueue(userId: string): Promise<SchedulerJobRow | undefined> {
    const job = await insertSchedulerJob(this.options.db, userId);
    if (job) this.kick();
    return job;
  }

  /** Looks for work now (and after a dead process, puts its jobs back in the queue). */
  kick(): void {
    if (this.#stopped) return;
    // A job queued while the process looks already: it looks again at once after.
    if (this.#ticking) {
      this.#again = true;
      return;
    }
    this.#again = false;
    this.#ticking = this.#tick()
      .catch((err) => this.options.log.warn({ err }, 'scheduler: could not look for optimisation jobs'))
      .finally(() => {
        this.#ticking = null;
        if (this.#again) this.kick();
      });
  }

  /**
   * Counts a learner's new reviews; every so often (not on every review) checks whether 1,000
   * have come since the last optimisation, and queues one when the learner wants it.
   */
  noteReviews(userId: string, n: number): void {
    if (n <= 0) return;
    const seen = (this.#reviewsSeen.get(userId) ?? 0) + n;
    if (seen < 50) {
      this.#reviewsSeen.set(userId, seen);
      return;
    }
    this.#reviewsSeen.delete(userId);
    void this.#maybeAutoOptimize(userId).catch((err) =>
      this.options.log.warn({ err, userId }, 'scheduler: automatic optimisation check failed'),
    );
  }

  async #maybeAutoOptimize(userId: string): Promise<void> {
    const { db } = this.options;
    const settings = learnerScheduler(await findSchedulerSettings(db, userId));
    if (!settings.autoOptimize) return;
    if ((await countLearnerReviews(db, userId)) - settings.reviewsAtLastOptimize < AUTO_OPTIMIZE_EVERY) return;
    await this.enqueue(userId);
  }

  async #tick(): Promise<void> {
    const { db } = this.options;
    await recoverStaleJobs(db, new Date(Date.now() - this.#staleMs), MAX_ATTEMPTS, DIED);
    for (const id of this.#running) await beatJob(db, id, this.owner).catch(() => {});
    while (!this.#stopped && this.#running.size < this.#maxRunning) {
      const job = await claimNextJob(db, this.owner, this.#maxRunning);
      if (!job) return;
      this.#running.add(job.id);
      void this.#run(job).finally(() => {
        this.#running.delete(job.id);
        this.kick();
      });
    }
  }

  async #run(job: SchedulerJobRow): Promise<void> {
    const { db, log } = this.options;
    const training = this.#ready ?? new Training();
    this.#ready = undefined;
    try {
      const user = await findUserById(db, job.userId);
      if (!user) return void (await failJob(db, job.id, 'The learner is gone'));
      const settings = learnerScheduler(await findSchedulerSettings(db, job.userId));
      // Page by page into the worker, which makes the items while the next page is read. The
      // reviews read are the count the next automatic optimisation starts from.
      training.start(user.timeZone);
      let total = 0;
      for await (const page of trainingLogPages(db, job.userId, {
        between: this.options.requestsFirst,
        pageMs: this.options.readPageMs,
      })) {
        total += page.reviews;
        training.addPage(page.log);
      }
      let lastBeat = Date.now();
      const trained = await training.train(settings.parameters, MIN_TRAINING_REVIEWS, (progress) => {
        if (Date.now() - lastBeat < 500) return;
        lastBeat = Date.now();
        void beatJob(db, job.id, this.owner, progress * 0.95).catch(() => {});
      });
      if ('tooFew' in trained)
        return void (await failJob(db, job.id, new NotEnoughReviews(MIN_TRAINING_REVIEWS - trained.tooFew).message));
      const { result } = trained;
      const kept = predictsBetter(result);
      const outcome: OptimizeResult = { ...result, kept };
      await db.transaction(async (tx) => {
        await saveSchedulerSettings(tx, job.userId, {
          reviewsAtLastOptimize: total,
          ...(kept ? { parameters: result.parameters, fittedAt: new Date() } : {}),
        });
        await finishJob(tx, job.id, outcome);
      });
      if (kept) this.options.changed(job.userId);
    } catch (err) {
      log.error({ err, jobId: job.id }, 'scheduler: optimisation failed');
      await failJob(db, job.id, 'The optimisation failed; try again').catch(() => {});
    } finally {
      training.abandon();
      // The next job's worker, started once this one's is gone: both at once would add up (peak RSS).
      void training.ended.then(() => {
        if (!this.#stopped) this.#ready ??= new Training();
      });
    }
  }
}
