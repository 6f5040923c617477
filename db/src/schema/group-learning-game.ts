import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ownerId } from './columns';
import { roomId } from './group-learning';

// The live quiz's tables (issue 13): its scoring rules are db/functions/room_game_*.sql, its
// queries db/src/queries/group-learning-game.ts.

/**
 * A live quiz in a room (issue 13). One runs per room at a time: the partial unique index refuses
 * a second game while one is not finished, whichever process starts it.
 */
export const roomGames = pgTable(
  'room_games',
  {
    id: id(),
    roomId: roomId(),
    hostId: ownerId('host_id'),
    source: text('source').notNull(),
    /** `question`, `reveal` or `finished`. */
    status: text('status').notNull(),
    questionIndex: integer('question_index').notNull().default(0),
    total: integer('total').notNull(),
    secondsPerQuestion: integer('seconds_per_question').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Members online when the current question opened: once all have answered, it closes. */
    expectedIds: jsonb('expected_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('room_games_one_running_idx').on(t.roomId).where(sql`status <> 'finished'`),
    index('room_games_room_finished_idx').on(t.roomId, t.finishedAt),
    index('room_games_running_idx').on(t.status).where(sql`status = 'question'`),
  ],
);

const gameId = () =>
  uuid('game_id')
    .notNull()
    .references(() => roomGames.id, { onDelete: 'cascade' });

export const roomGameQuestions = pgTable(
  'room_game_questions',
  {
    gameId: gameId(),
    position: integer('position').notNull(),
    prompt: text('prompt').notNull(),
    choices: jsonb('choices').$type<string[]>().notNull(),
    // Never sent to a player before the question's reveal.
    correctIndex: integer('correct_index').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.position] })],
);

/** The learners of a game and their running totals, written only at each reveal. */
export const roomGamePlayers = pgTable(
  'room_game_players',
  {
    gameId: gameId(),
    userId: ownerId(),
    score: integer('score').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    streak: integer('streak').notNull().default(0),
    /** Milliseconds spent answering, the leaderboard's tie-break. */
    answerMs: integer('answer_ms').notNull().default(0),
    missesAddedAt: timestamp('misses_added_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] })],
);

/** One answer per learner per question: the key makes a second one impossible, on any process. */
export const roomGameAnswers = pgTable(
  'room_game_answers',
  {
    gameId: gameId(),
    position: integer('position').notNull(),
    userId: ownerId(),
    choice: integer('choice').notNull(),
    elapsedMs: integer('elapsed_ms').notNull(),
    /** Filled in at the reveal. */
    correct: boolean('correct'),
    points: integer('points'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.position, t.userId] })],
);
