import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { decks } from './flashcards';

/**
 * How one learner is scheduled. No row: the defaults (FSRS-6's default parameters, 90% desired
 * retention). A row of its own rather than columns on `users`, so the hot session lookup stays as it is.
 */
export const schedulerSettings = pgTable('scheduler_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  desiredRetention: doublePrecision('desired_retention').notNull().default(0.9),
  // The 21 FSRS-6 parameters fitted to this learner's reviews; null: the defaults.
  parameters: doublePrecision('parameters').array(),
  fittedAt: timestamp('fitted_at', { withTimezone: true }),
  // How many reviews the learner had when last optimised (kept or not): the next automatic
  // optimisation comes 1,000 reviews later.
  reviewsAtLastOptimize: integer('reviews_at_last_optimize').notNull().default(0),
  autoOptimize: boolean('auto_optimize').notNull().default(true),
  // "Catch up gently": overdue reviews shown per day while a backlog lasts (null: off).
  catchUpPerDay: integer('catch_up_per_day'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SchedulerJobStatus = 'queued' | 'running' | 'done' | 'failed';

/** One optimisation: a row, so none is lost when the process that runs it dies. */
export const schedulerJobs = pgTable(
  'scheduler_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<SchedulerJobStatus>().notNull().default('queued'),
    progress: doublePrecision('progress').notNull().default(0),
    result: jsonb('result'),
    error: text('error'),
    // The process running it, and when it last said so: a silent owner is dead.
    owner: text('owner'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // One optimisation per learner at a time, whatever the number of processes.
    uniqueIndex('scheduler_jobs_active_idx').on(t.userId).where(sql`${t.status} in ('queued', 'running')`),
    index('scheduler_jobs_status_idx').on(t.status, t.createdAt),
  ],
);

/** A deck's exam day, in the learner's calendar; it covers the decks nested under it too. */
export const deckExams = pgTable('deck_exams', {
  deckId: uuid('deck_id')
    .primaryKey()
    .references(() => decks.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  examDate: date('exam_date', { mode: 'string' }).notNull(),
  // The last days before the exam in which every card of the deck is reviewed at least once.
  windowDays: integer('window_days').notNull().default(3),
});
