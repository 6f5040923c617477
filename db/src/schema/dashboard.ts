import { bigint, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Reviews rolled up per learner day (in the learner's zone), kept current by every review and
 * undo, rebuilt when the zone changes: the dashboard reads a year of these, not every review.
 */
export const studyDays = pgTable(
  'study_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    reviews: integer('reviews').notNull().default(0),
    reviewMs: bigint('review_ms', { mode: 'number' }).notNull().default(0),
    remembered: integer('remembered').notNull().default(0),
    lastReviewAt: timestamp('last_review_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
