import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../client';
import { preparedStatement } from '../prepared';
import { roomGameAnswers, roomGamePlayers, roomGameQuestions, roomGames, users } from '../schema';

export type RoomGameRow = typeof roomGames.$inferSelect;
export type RoomGameQuestionRow = typeof roomGameQuestions.$inferSelect;
export type RoomGameAnswerRow = typeof roomGameAnswers.$inferSelect;
export type GamePlayerRow = typeof roomGamePlayers.$inferSelect & { username: string };

// The database's clock times every question, so all processes agree on when one ends.
const endsAfter = (seconds: number) => sql`clock_timestamp() + make_interval(secs => ${seconds})`;

export const insertGame = async (
  db: DbOrTx,
  values: {
    roomId: string;
    hostId: string;
    source: string;
    total: number;
    secondsPerQuestion: number;
    expectedIds: string[];
  },
): Promise<RoomGameRow> => {
  const [row] = await db
    .insert(roomGames)
    .values({
      ...values,
      status: 'question',
      questionIndex: 0,
      startedAt: sql`clock_timestamp()`,
      endsAt: endsAfter(values.secondsPerQuestion),
    })
    .returning();
  if (!row) throw new Error('insert into room_games returned nothing');
  return row;
};

export const insertGameQuestions = (
  db: DbOrTx,
  gameId: string,
  questions: { prompt: string; choices: string[]; correctIndex: number }[],
) => db.insert(roomGameQuestions).values(questions.map((q, position) => ({ ...q, gameId, position })));

export const insertGamePlayers = async (db: DbOrTx, gameId: string, userIds: string[]): Promise<void> => {
  if (userIds.length === 0) return;
  await db
    .insert(roomGamePlayers)
    .values(userIds.map((userId) => ({ gameId, userId })))
    .onConflictDoNothing();
};

export const findGame = async (db: DbOrTx, roomId: string, gameId: string): Promise<RoomGameRow | undefined> => {
  const [row] = await db
    .select()
    .from(roomGames)
    .where(and(eq(roomGames.id, gameId), eq(roomGames.roomId, roomId)))
    .limit(1);
  return row;
};

export const findGameById = async (db: DbOrTx, gameId: string): Promise<RoomGameRow | undefined> => {
  const [row] = await db.select().from(roomGames).where(eq(roomGames.id, gameId)).limit(1);
  return row;
};

/** The room's game that is not finished, if any. */
export const findRunningGame = async (db: DbOrTx, roomId: string): Promise<RoomGameRow | undefined> => {
  const [row] = await db
    .select()
    .from(roomGames)
    .where(and(eq(roomGames.roomId, roomId), ne(roomGames.status, 'finished')))
    .limit(1);
  return row;
};

/** Rooms among these with a game not finished: the room grid shows "Live quiz in progress". */
export const roomsWithRunningGame = async (db: DbOrTx, roomIds: string[]): Promise<Set<string>> => {
  if (roomIds.length === 0) return new Set();
  const rows = await db
    .select({ roomId: roomGames.roomId })
    .from(roomGames)
    .where(and(inArray(roomGames.roomId, roomIds), ne(roomGames.status, 'finished')));
  return new Set(rows.map((r) => r.roomId));
};

/** Games with a question open, across all rooms: the clocks to keep. */
export const listOpenQuestions = (db: DbOrTx) =>
  db
    .select({
      id: roomGames.id,
      roomId: roomGames.roomId,
      questionIndex: roomGames.questionIndex,
      endsAt: roomGames.endsAt,
    })
    .from(roomGames)
    .where(eq(roomGames.status, 'question'));

export const findGameQuestion = async (
  db: DbOrTx,
  gameId: string,
  position: number,
): Promise<RoomGameQuestionRow | undefined> => {
  const [row] = await db
    .select()
    .from(roomGameQuestions)
    .where(and(eq(roomGameQuestions.gameId, gameId), eq(roomGameQuestions.position, position)))
    .limit(1);
  return row;
};

export const listGameQuestions = (db: DbOrTx, gameId: string): Promise<RoomGameQuestionRow[]> =>
  db
    .select()
    .from(roomGameQuestions)
    .where(eq(roomGameQuestions.gameId, gameId))
    .orderBy(asc(roomGameQuestions.position));

// The hot path of a game: one round trip takes the answer and counts (db/functions/room_game_answer.sql says how).
const answering = preparedStatement<AnswerProgress>(
  'room_game_answer',
  sql`select answered, expected, everyone from room_game_answer(${sql.placeholder('gameId')}::uuid,
    ${sql.placeholder('roomId')}::uuid, ${sql.placeholder('userId')}::uuid, ${sql.placeholder('index')}::int,
    ${sql.placeholder('choice')}::int)`,
);

export type AnswerProgress = {
  /** Answers to the question so far, this one included. */
  answered: number;
  /** How many the question waits for: the members online when it opened. */
  expected: number;
  /** Every one of those has answered: the question closes now. */
  everyone: boolean;
};

/** Takes the answer if every rule allows it, with the question's progress; undefined when refused. */
export const answerIfOpen = async (
  db: Db,
  values: { gameId: string; roomId: string; userId: string; index: number; choice: number },
): Promise<AnswerProgress | undefined> => (await answering(db, values))[0];

// A game row under the names Drizzle gives it, for the prepared statements below.
const GAME_COLUMNS = sql.raw(`g.id, g.room_id as "roomId", g.host_id as "hostId", g.source, g.status,
  g.question_index as "questionIndex", g.total, g.seconds_per_question as "secondsPerQuestion",
  g.started_at as "startedAt", g.ends_at as "endsAt", g.expected_ids as "expectedIds",
  g.created_at as "createdAt", g.finished_at as "finishedAt"`);

const gameWithHost = preparedStatement<RoomGameRow & { roomHostId: string }>(
  'room_game_with_host',
  sql`select ${GAME_COLUMNS}, r.host_id as "roomHostId"
    from room_games g join rooms r on r.id = g.room_id
    where g.id = ${sql.placeholder('gameId')}::uuid and g.room_id = ${sql.placeholder('roomId')}::uuid`,
);

/** The game with its room's host, or undefined when the game is not this room's. */
export const findGameWithHost = async (
  db: Db,
  roomId: string,
  gameId: string,
): Promise<(RoomGameRow & { roomHostId: string }) | undefined> => (await gameWithHost(db, { roomId, gameId }))[0];

export const findAnswer = async (
  db: DbOrTx,
  gameId: string,
  position: number,
  userId: string,
): Promise<RoomGameAnswerRow | undefined> => {
  const [row] = await db
    .select()
    .from(roomGameAnswers)
    .where(
      and(
        eq(roomGameAnswers.gameId, gameId),
        eq(roomGameAnswers.position, position),
        eq(roomGameAnswers.userId, userId),
      ),
    )
    .limit(1);
  return row;
};

export const listAnswers = (db: DbOrTx, gameId: string, position?: number): Promise<RoomGameAnswerRow[]> =>
  db
    .select()
    .from(roomGameAnswers)
    .where(
      position === undefined
        ? eq(roomGameAnswers.gameId, gameId)
        : and(eq(roomGameAnswers.gameId, gameId), eq(roomGameAnswers.position, position)),
    );

export const listAnswerers = async (db: DbOrTx, gameId: string, position: number): Promise<string[]> => {
  const rows = await db
    .select({ userId: roomGameAnswers.userId })
    .from(roomGameAnswers)
    .where(and(eq(roomGameAnswers.gameId, gameId), eq(roomGameAnswers.position, position)));
  return rows.map((r) => r.userId);
};

/** Every player's totals after a reveal, for the leaderboard. */
export type PlayerTotalsRow = {
  userId: string;
  username: string;
  score: number;
  correct: number;
  streak: number;
  answerMs: number;
};

// Closes and scores in one round trip (db/functions/room_game_close_question.sql says why it is a function of several statements).
const closing = preparedStatement<RoomGameRow & { choices: number[]; players: PlayerTotalsRow[] }>(
  'room_game_close_question',
  sql`select ${GAME_COLUMNS}, g.choices, g.players
    from room_game_close_question(${sql.placeholder('gameId')}::uuid, ${sql.placeholder('index')}::int) g`,
);

/**
 * Closes the open question `index` and scores it, in one transaction: the closed game, the
 * choices of its answers and every player's new totals. Undefined when it was closed already
 * (by a peer, the host, the clock).
 */
export const closeAndScoreQuestion = async (
  db: Db,
  gameId: string,
  index: number,
): Promise<{ row: RoomGameRow; choices: number[]; players: PlayerTotalsRow[] } | undefined> => {
  const [closed] = await closing(db, { gameId, index });
  if (!closed) return undefined;
  const { choices, players, ...row } = closed;
  return { row, choices, players };
};

/** The same inside a transaction that holds more (ending a game): true when it closed the question. */
export const closeAndScoreQuestionIn = async (tx: DbOrTx, gameId: string, index: number): Promise<boolean> => {
  const closed = await tx
    .select({ id: sql<string>`g.id` })
    .from(sql`room_game_close_question(${gameId}::uuid, ${index}::int) g`);
  return closed.length > 0;
};

const opening = preparedStatement<RoomGameRow>(
  'room_game_open_question',
  sql`select ${GAME_COLUMNS} from room_game_open_question(${sql.placeholder('gameId')}::uuid,
    ${sql.placeholder('index')}::int, ${sql.placeholder('online')}::jsonb) g`,
);

/** Opens question `index` after the reveal of the one before it; undefined if that is not where the game is. */
export const openQuestion = async (
  db: Db,
  game: { id: string },
  index: number,
  onlineIds: string[],
): Promise<RoomGameRow | undefined> =>
  (await opening(db, { gameId: game.id, index, online: JSON.stringify(onlineIds) }))[0];

export type NextStep = RoomGameRow & {
  /** What the Next did: closed the open question, opened the next one, or nothing (see room_game_next). */
  step: 'closed' | 'opened' | 'none';
  roomHostId: string;
  /** For a close: the choices of its answers and every player's new totals. */
  choices: number[] | null;
  players: PlayerTotalsRow[] | null;
};

const nexting = preparedStatement<NextStep>(
  'room_game_next',
  sql`select g.step, ${GAME_COLUMNS}, g.room_host_id as "roomHostId", g.choices, g.players
    from room_game_next(${sql.placeholder('gameId')}::uuid, ${sql.placeholder('roomId')}::uuid,
      ${sql.placeholder('userId')}::uuid, ${sql.placeholder('online')}::jsonb) g`,
);

/**
 * The host's Next in one round trip (db/functions/room_game_next.sql): closes the open question, or opens the next
 * one when `onlineIds` are given. Undefined when the game is not this room's.
 */
export const takeNextStep = async (
  db: Db,
  values: { gameId: string; roomId: string; userId: string; onlineIds: string[] | undefined },
): Promise<NextStep | undefined> => {
  const { onlineIds, ...ids } = values;
  return (await nexting(db, { ...ids, online: onlineIds ? JSON.stringify(onlineIds) : null }))[0];
};

export const finishGame = async (db: DbOrTx, gameId: string): Promise<RoomGameRow | undefined> => {
  const [row] = await db
    .update(roomGames)
    .set({ status: 'finished', finishedAt: sql`now()` })
    .where(and(eq(roomGames.id, gameId), ne(roomGames.status, 'finished')))
    .returning();
  return row;
};

/** Locks the game row for the rest of the transaction. */
export const lockGame = async (db: DbOrTx, gameId: string): Promise<RoomGameRow | undefined> => {
  const [row] = await db.select().from(roomGames).where(eq(roomGames.id, gameId)).for('update').limit(1);
  return row;
};

/** Players ordered as the leaderboard: score, then total answer time, then username. */
export const listGamePlayers = (db: DbOrTx, gameId: string): Promise<GamePlayerRow[]> =>
  db
    .select({
      gameId: roomGamePlayers.gameId,
      userId: roomGamePlayers.userId,
      score: roomGamePlayers.score,
      correct: roomGamePlayers.correct,
      streak: roomGamePlayers.streak,
      answerMs: roomGamePlayers.answerMs,
      missesAddedAt: roomGamePlayers.missesAddedAt,
      username: users.username,
    })
    .from(roomGamePlayers)
    .innerJoin(users, eq(users.id, roomGamePlayers.userId))
    .where(eq(roomGamePlayers.gameId, gameId))
    .orderBy(desc(roomGamePlayers.score), asc(roomGamePlayers.answerMs), asc(users.username));

/** Marks the learner's misses as added; false when they were added before. */
export const claimMisses = async (db: DbOrTx, gameId: string, userId: string): Promise<boolean> => {
  const rows = await db
    .update(roomGamePlayers)
    .set({ missesAddedAt: sql`now()` })
    .where(
      and(
        eq(roomGamePlayers.gameId, gameId),
        eq(roomGamePlayers.userId, userId),
        isNull(roomGamePlayers.missesAddedAt),
      ),
    )
    .returning({ userId: roomGamePlayers.userId });
  return rows.length > 0;
};

/** The room's finished games, newest first. */
export const listFinishedGames = (db: DbOrTx, roomId: string, limit: number) =>
  db
    .select({ id: roomGames.id, finishedAt: roomGames.finishedAt })
    .from(roomGames)
    .where(and(eq(roomGames.roomId, roomId), eq(roomGames.status, 'finished'), isNotNull(roomGames.finishedAt)))
    .orderBy(desc(roomGames.finishedAt), desc(roomGames.id))
    .limit(limit);

export type AbsentDropped = { gameId: string; index: number; answered: number; expected: number; everyone: boolean };

/**
 * The room's open question stops waiting for expected players who are no longer online and have
 * not answered (their api process died): one row per question changed, with whether everyone it
 * still waits for has answered (then the api closes it). A question nobody would be left waiting
 * for is left to its clock.
 */
export const dropAbsentPlayers = async (db: Db, roomId: string, onlineIds: string[]): Promise<AbsentDropped[]> => {
  const answeredBy = (game: unknown, user: unknown) => sql`exists (select 1 from room_game_answers a
    where a.game_id = ${game} and a.position = g.question_index and a.user_id = ${user}::uuid)`;
  const rows = await db.execute<AbsentDropped>(sql`
    with g as (
      select id, question_index, expected_ids from room_games
      where room_id = ${roomId}::uuid and status = 'question' and ends_at > clock_timestamp()
      for no key update),
    kept as (
      select g.id, coalesce(jsonb_agg(e.v) filter (where
        e.v in (select jsonb_array_elements_text(${JSON.stringify(onlineIds)}::jsonb))
        or ${answeredBy(sql`g.id`, sql`e.v`)}), '[]'::jsonb) as ids
      from g cross join lateral jsonb_array_elements_text(g.expected_ids) e(v) group by g.id)
    update room_games g set expected_ids = kept.ids from kept
    where g.id = kept.id and jsonb_array_length(kept.ids) > 0
      and jsonb_array_length(kept.ids) < jsonb_array_length(g.expected_ids)
    returning g.id as "gameId", g.question_index as "index",
      (select count(*)::int from room_game_answers a where a.game_id = g.id and a.position = g.question_index) as answered,
      jsonb_array_length(g.expected_ids) as expected,
      not exists (select 1 from jsonb_array_elements_text(g.expected_ids) e(v)
        where not ${answeredBy(sql`g.id`, sql`e.v`)}) as everyone`);
  // postgres.js answers the rows, PGlite an object holding them.
  return (Array.isArray(rows) ? rows : (rows as unknown as { rows: AbsentDropped[] }).rows) as AbsentDropped[];
};
