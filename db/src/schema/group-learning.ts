import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

export type RoomEditRule = 'edit' | 'suggest' | 'host';

export const rooms = pgTable('rooms', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  topic: text('topic').notNull(),
  hostId: uuid('host_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  maxParticipants: integer('max_participants').notNull().default(8),
  /** Who may change the room deck (issue 24): ROOM_EDIT_RULES. */
  editRule: text('edit_rule').$type<RoomEditRule>().notNull().default('edit'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roomMembers = pgTable(
  'room_members',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'editor': the host made them one; they change cards directly and decide suggestions. */
    role: text('role').$type<'member' | 'editor'>().notNull().default('member'),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('room_members_user_idx').on(t.userId)],
);

export const roomCards = pgTable(
  'room_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    // As on a personal card: 'basic' or 'cloze' (contract/cloze.ts), 'text' or sanitised 'html'.
    kind: text('kind').$type<'basic' | 'cloze'>().notNull().default('basic'),
    format: text('format').$type<'text' | 'html'>().notNull().default('text'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    // What each subscriber studies of it: {0} for a basic card, the cloze numbers of a cloze text.
    // Kept here, written with the text, so a learner's study cards are made in SQL.
    ordinals: smallint('ordinals').array().notNull().default(sql`'{0}'::smallint[]`),
    /** Raised by every change: a write against an older one answers 409 (no lost update). */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Deleted cards stay as rows, so every subscriber's copy leaves the queue without a write.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('room_cards_room_time_idx').on(t.roomId, t.createdAt)],
);

/**
 * A live quiz in a room (issue 13). One runs per room at a time: the partial unique index refuses
 * a second game while one is not finished, whichever process starts it.
 */
export const roomGames = pgTable(
  'room_games',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('room_games_one_running_idx').on(t.roomId).where(sql`status <> 'finished'`),
    index('room_games_room_finished_idx').on(t.roomId, t.finishedAt),
    index('room_games_running_idx').on(t.status).where(sql`status = 'question'`),
  ],
);

export const roomGameQuestions = pgTable(
  'room_game_questions',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => roomGames.id, { onDelete: 'cascade' }),
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
    gameId: uuid('game_id')
      .notNull()
      .references(() => roomGames.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    gameId: uuid('game_id')
      .notNull()
      .references(() => roomGames.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    choice: integer('choice').notNull(),
    elapsedMs: integer('elapsed_ms').notNull(),
    /** Filled in at the reveal. */
    correct: boolean('correct'),
    points: integer('points'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.position, t.userId] })],
);
