import {
  countLearnerReviews,
  countTrainingReviews,
  type Db,
  findActiveJob,
  findOwnedJob,
  listReviewLog,
  saveSchedulerSettings,
} from '@learnboost/db';
import type { TOptimizeJob, TOptimizeResult, TSchedulerState } from '../../contract';
import { AppError } from '../../lib/errors';
import type { LearnerContext } from '../../lib/learner-context';
import type { Optimizer } from './optimizer';
import type { LearnerScheduler } from './scheduler-settings';

/**
 * Reviews on a later day than the card's previous one that an optimisation needs. fsrs-rs answers
 * the defaults under 8 of them and moves only the four initial stabilities under 64
 * (`training.rs`); from 64 it fits all 21 parameters, so that is when optimising is offered.
 */
export const MIN_TRAINING_REVIEWS = 64;

const EXACT_COUNT_BELOW = 2000;

export class NotEnoughReviews extends AppError {
  constructor(readonly reviewsNeeded: number) {
    super(
      422,
      `Optimising needs ${MIN_TRAINING_REVIEWS} reviews made on a later day than the card's last one: ${reviewsNeeded} more are needed`,
    );
  }
}

export const RUNNING = 'An optimisation of your schedule is already running';

export async function schedulerState({
  db,
  userId,
  settings,
}: LearnerContext & { settings: LearnerScheduler }): Promise<TSchedulerState> {
  const active = await findActiveJob(db, userId);
  return {
    desiredRetention: settings.desiredRetention,
    parameters: [...settings.parameters],
    fitted: settings.fittedAt !== null,
    fittedAt: settings.fittedAt?.toISOString() ?? null,
    autoOptimize: settings.autoOptimize,
    catchUpPerDay: settings.catchUpPerDay,
    activeJobId: active?.id ?? null,
  };
}

export async function startOptimize({
  db,
  userId,
  timeZone,
  optimizer,
}: LearnerContext & { timeZone: string; optimizer: Optimizer }): Promise<{ jobId: string }> {
  if (await findActiveJob(db, userId)) throw new AppError(409, RUNNING);
  // Counted exactly only for a short log: a long one (every review on a day of its own would
  // already be enough) is not read twice; should it hold too few, the job fails saying so.
  if ((await countLearnerReviews(db, userId)) < EXACT_COUNT_BELOW) {
    const reviews = await countTrainingReviews(db, userId, timeZone);
    if (reviews < MIN_TRAINING_REVIEWS) throw new NotEnoughReviews(MIN_TRAINING_REVIEWS - reviews);
  }
  const job = await optimizer.enqueue(userId);
  // Two requests at once: the unique index let one through.
  if (!job) throw new AppError(409, RUNNING);
  return { jobId: job.id };
}

export async function optimizeJob({ db, userId, jobId }: LearnerContext & { jobId: string }): Promise<TOptimizeJob> {
  const job = await findOwnedJob(db, userId, jobId);
  if (!job) throw new AppError(404, 'Optimisation not found');
  return {
    jobId: job.id,
    status: job.status === 'queued' ? 'running' : job.status,
    progress: job.status === 'queued' ? 0 : job.progress,
    ...(job.result ? { result: job.result as TOptimizeResult } : {}),
    ...(job.error ? { error: job.error } : {}),
  };
}

/** Back to FSRS's default parameters (the desired retention stays). */
export async function resetParameters({ db, userId }: { db: Db; userId: string }): Promise<void> {
  await saveSchedulerSettings(db, userId, { parameters: null, fittedAt: null });
}

const STATE_NAMES = ['0', '1', '2', '3'];

/** The review log in fsrs-optimizer's columns: times in ms since the epoch, durations in ms. */
export async function* revlogCsv({ db, userId }: { db: Db; userId: string }): AsyncGenerator<string> {
  yield 'card_id,review_time,review_rating,review_state,review_duration\n';
  const rows = await listReviewLog(db, userId);
  let chunk = '';
  for (const r of rows) {
    chunk += `${r.cardId},${r.reviewedAt.getTime()},${r.rating},${STATE_NAMES[r.state] ?? r.state},${r.durationMs}\n`;
    if (chunk.length > 64_000) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
