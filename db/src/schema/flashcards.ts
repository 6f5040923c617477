import { doublePrecision, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

// Every field of a ts-fsrs Card is persisted, so scheduling survives restarts exactly.
export const flashcards = pgTable(
  'flashcards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull().defaultNow(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    // ts-fsrs State: 0 New, 1 Learning, 2 Review, 3 Relearning.
    state: smallint('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flashcards_user_due_idx').on(t.userId, t.due, t.id)],
);

// The card as it was before each review (a ts-fsrs ReviewLog): enough to roll the review back.
export const flashcardReviews = pgTable(
  'flashcard_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => flashcards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    state: smallint('state').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    lastElapsedDays: integer('last_elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    stateAfter: smallint('state_after').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
    // Time on the card, capped by the service so an idle tab does not count as study.
    durationMs: integer('duration_ms').notNull().default(0),
  },
  (t) => [
    index('flashcard_reviews_user_time_idx').on(t.userId, t.reviewedAt),
    index('flashcard_reviews_card_time_idx').on(t.cardId, t.reviewedAt),
  ],
);

// "Study ahead": a card practised before it is due. Its schedule does not move, so this is not a
// review; the minutes still count as study on the dashboard.
export const flashcardPractice = pgTable(
  'flashcard_practice',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => flashcards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    practicedAt: timestamp('practiced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flashcard_practice_user_time_idx').on(t.userId, t.practicedAt)],
);
