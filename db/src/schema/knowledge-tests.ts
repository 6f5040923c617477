import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const knowledgeTests = pgTable(
  'knowledge_tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sourceText: text('source_text').notNull(),
    // Public handle for a shared link; never the test id, so the owner's routes stay private.
    shareId: text('share_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_tests_user_time_idx').on(t.userId, t.createdAt)],
);

export const testQuestions = pgTable(
  'test_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testId: uuid('test_id')
      .notNull()
      .references(() => knowledgeTests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    prompt: text('prompt').notNull(),
    choices: jsonb('choices').$type<string[]>().notNull(),
    // Never sent with the test until the learner has submitted.
    correctIndex: integer('correct_index').notNull(),
    // The passage sentence the question was drawn from; explanations cite it.
    supportingSentence: text('supporting_sentence').notNull().default(''),
    // When the learner marked it "This question is wrong": it leaves the test, and the row stays,
    // so the engine's wrong questions can be counted (docs/ai.md).
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
  },
  (t) => [index('test_questions_test_idx').on(t.testId, t.position)],
);

export type SubmittedAnswer = {
  qId: string;
  selectedIndex: number;
  correct: boolean;
  correctIndex: number;
  prompt: string;
  /** The explanation of this mistake, once asked for ("Explain mistakes"): kept with the submission. */
  explanation?: string;
};

export const testSubmissions = pgTable(
  'test_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testId: uuid('test_id')
      .notNull()
      .references(() => knowledgeTests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    answers: jsonb('answers').$type<SubmittedAnswer[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('test_submissions_test_time_idx').on(t.testId, t.createdAt)],
);
