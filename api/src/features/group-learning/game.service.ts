import {
  answerIfOpen,
  claimMisses,
  closeAndScoreQuestion,
  closeAndScoreQuestionIn,
  type Db,
  type DbOrTx,
  dropAbsentPlayers,
  findAnswer,
  findGame,
  findGameWithHost,
  findOwnedTest,
  findRoomWithHost,
  findRunningGame,
  finishGame,
  insertCards,
  insertGame,
  insertGamePlayers,
  insertGameQuestions,
  isRoomMember,
  listAnswers,
  listFinishedGames,
  listGamePlayers,
  listGameQuestions,
  listRoomCards,
  listRoomMembers,
  listTestQuestions,
  lockGame,
  lockRoom,
  openQuestion,
  type PlayerTotalsRow,
  type RoomGameQuestionRow,
  type RoomGameRow,
  takeNextStep,
} from '@learnboost/db';
import {
  ALREADY_ANSWERED,
  GAME_ALREADY_ANSWERED,
  GAME_CHOICES,
  GAME_HOST_ONLY,
  GAME_NO_WEAKEST_CARDS,
  GAME_QUESTIONS,
  GAME_RUNNING,
  GAME_TIME_IS_UP,
  GAME_TOO_FEW_CARDS,
  type TGame,
  type TGameForMember,
  type TGameResults,
  type TLeaderboardEntry,
  type TPastGame,
} from '../../contract';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { distinctAnswerCount, type GameQuestion, questionsFromCards, questionsFromTest } from './game-choices';
import type { GameEvents, QuestionClock } from './game-events';
import { HOST_ONLY, type InRoom, ROOM_NOT_FOUND } from './group-learning.service';
import { roomDeckStats } from './room-aggregates.service';
import { quizCards } from './room-card';

/** Who asks about which game: every game call names all three. */
type GameCtx = { db: Db; userId: string; roomId: string; gameId: string };

export const GAME_NOT_FOUND = 'Game not found';
export const TEST_NOT_FOUND = 'Test not found';
export const GAME_MEMBERS_ONLY = 'Join the room first';
export const NO_SUCH_QUESTION = 'No such question';
export const TEST_HAS_NO_QUESTIONS = 'This test has no questions with four choices to play';
export const GAME_NOT_OVER = 'The game is still running';
export const PAST_GAMES_LIMIT = 50;

export type GameDeps = { db: Db; events: GameEvents; clock: QuestionClock; cache: GameCache };

/**
 * What this process knows of its games and never has to ask again: the questions (written once,
 * at the start) and the leaderboard as of a reveal (it changes only at the next one). Keyed by the
 * revealed question, so a reveal made by another process is simply a miss.
 */
export class GameCache {
  private readonly questions = new Map<string, RoomGameQuestionRow[]>();
  private readonly boards = new Map<string, { revealed: number; board: TLeaderboardEntry[] }>();
  static readonly LIMIT = 2000;

  async questionsOf(db: DbOrTx, gameId: string): Promise<RoomGameQuestionRow[]> {
    const known = this.questions.get(gameId);
    if (known) return known;
    const rows = await listGameQuestions(db, gameId);
    remember(this.questions, gameId, rows);
    return rows;
  }

  boardAfter(gameId: string, revealed: number): TLeaderboardEntry[] | undefined {
    const known = this.boards.get(gameId);
    return known?.revealed === revealed ? known.board : undefined;
  }

  rememberBoard(gameId: string, revealed: number, board: TLeaderboardEntry[]): void {
    remember(this.boards, gameId, { revealed, board });
  }

  forget(gameId: string): void {
    this.questions.delete(gameId);
    this.boards.delete(gameId);
  }
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  // Oldest first: a game idle that long is read from the database again.
  for (const oldest of map.keys()) {
    if (map.size <= GameCache.LIMIT) break;
    map.delete(oldest);
  }
}
type Actor = GameDeps & { userId: string; roomId: string };

type Totals = PlayerTotalsRow;

/** Score, then total answer time, then username (by code point, the same on every engine). */
const byRank = (a: Totals, b: Totals) =>
  b.score - a.score || a.answerMs - b.answerMs || (a.username < b.username ? -1 : a.username > b.username ? 1 : 0);

const boardOf = (players: Totals[]): TLeaderboardEntry[] =>
  [...players].sort(byRank).map((p) => ({
    member: { id: p.userId, username: p.username },
    score: p.score,
    correct: p.correct,
    streak: p.streak,
  }));

async function leaderboardOf(db: DbOrTx, gameId: string): Promise<TLeaderboardEntry[]> {
  return boardOf(await listGamePlayers(db, gameId));
}

/** The last question whose reveal is in the totals: the one before an open question, else the current. */
const lastRevealed = (row: RoomGameRow) => (row.status === 'question' ? row.questionIndex - 1 : row.questionIndex);

function countsOf(answers: { choice: number }[]): number[] {
  const counts = Array.from({ length: GAME_CHOICES }, () => 0);
  for (const a of answers) counts[a.choice] = (counts[a.choice] ?? 0) + 1;
  return counts;
}

/**
 * The game as players see it. The correct choice is in it only once its question has closed.
 * `known` spares the queries a caller has just made (the answers of a question it closed, none yet
 * for one it opened).
 */
export async function toGame(
  { db, cache }: Pick<GameDeps, 'db' | 'cache'>,
  row: RoomGameRow,
  known: { answers?: { choice: number }[] } = {},
): Promise<TGame> {
  const questions = await cache.questionsOf(db, row.id);
  const question = questions[row.questionIndex];
  const answers = known.answers ?? (await listAnswers(db, row.id, row.questionIndex));
  let leaderboard = cache.boardAfter(row.id, lastRevealed(row));
  if (!leaderboard) {
    leaderboard = await leaderboardOf(db, row.id);
    cache.rememberBoard(row.id, lastRevealed(row), leaderboard);
  }
  const game: TGame = {
    id: row.id,
    status: row.status as TGame['status'],
    index: row.questionIndex,
    total: row.total,
    secondsPerQuestion: row.secondsPerQuestion,
    question: row.status === 'finished' || !question ? null : { prompt: question.prompt, choices: question.choices },
    endsAt: row.endsAt.toISOString(),
    answered: answers.length,
    expected: row.expectedIds.length,
    leaderboard,
  };
  if (row.status !== 'question' && question) {
    game.reveal = { index: row.questionIndex, correctIndex: question.correctIndex, counts: countsOf(answers) };
  }
  return game;
}

async function mustBeMember(db: Db, roomId: string, userId: string): Promise<void> {
  if (!(await isRoomMember(db, roomId, userId))) {
    if (!(await findRoomWithHost(db, roomId))) throw new AppError(404, ROOM_NOT_FOUND);
    throw new AppError(403, GAME_MEMBERS_ONLY);
  }
}

async function mustFindGame(db: DbOrTx, roomId: string, gameId: string): Promise<RoomGameRow> {
  const game = await findGame(db, roomId, gameId);
  if (!game) throw new AppError(404, GAME_NOT_FOUND);
  return game;
}

/** Members online now, or every member when nobody is (a game played over REST alone). */
async function expectedPlayers(db: DbOrTx, events: GameEvents, roomId: string): Promise<string[]> {
  const members = (await listRoomMembers(db, [roomId])).get(roomId) ?? [];
  const online = new Set(await events.online(roomId).catch(() => [] as string[]));
  const here = members.filter((m) => online.has(m.id)).map((m) => m.id);
  return here.length > 0 ? here : members.map((m) => m.id);
}

async function questionsFor(
  db: DbOrTx,
  hostId: string,
  roomId: string,
  body: { source: 'cards' | 'test' | 'weakest'; testId?: string; questionCount?: number },
): Promise<GameQuestion[]> {
  const wanted = body.questionCount ?? GAME_QUESTIONS.default;
  if (body.source !== 'test') {
    const cards = quizCards(await listRoomCards(db, roomId));
    if (distinctAnswerCount(cards) < GAME_CHOICES) throw new AppError(422, GAME_TOO_FEW_CARDS);
    if (body.source === 'cards') return questionsFromCards(cards, wanted);
    // The group's weakest cards are asked, weakest first; the whole deck gives the wrong choices.
    const { weakest } = await roomDeckStats({ db, userId: hostId, roomId });
    const prompts = quizCards(weakest.map((w) => w.card)).map((c) => c.question);
    const all = questionsFromCards(cards, cards.length);
    const asked = prompts.flatMap((p) => all.filter((q) => q.prompt === p).slice(0, 1)).slice(0, wanted);
    if (asked.length === 0) throw new AppError(422, GAME_NO_WEAKEST_CARDS);
    return asked;
  }
  const test = body.testId ? await findOwnedTest(db, hostId, body.testId) : undefined;
  if (!test) throw new AppError(404, TEST_NOT_FOUND);
  const questions = questionsFromTest(await listTestQuestions(db, test.id), wanted);
  if (questions.length === 0) throw new AppError(422, TEST_HAS_NO_QUESTIONS);
  return questions;
}

export async function startGame({
  db,
  events,
  clock,
  cache,
  userId,
  roomId,
  body,
}: Actor & {
  body: { source: 'cards' | 'test' | 'weakest'; testId?: string; secondsPerQuestion: number; questionCount?: number };
}): Promise<TGame> {
  const room = await findRoomWithHost(db, roomId);
  if (!room) throw new AppError(404, ROOM_NOT_FOUND);
  if (room.hostId !== userId) throw new AppError(403, GAME_HOST_ONLY);
  const expectedIds = await expectedPlayers(db, events, roomId);
  let row: RoomGameRow;
  try {
    row = await db.transaction(async (tx) => {
      // One start at a time per room; the unique index is the guard across processes too.
      await lockRoom(tx, roomId);
      if (await findRunningGame(tx, roomId)) throw new AppError(409, GAME_RUNNING);
      const questions = await questionsFor(tx, userId, roomId, body);
      const game = await insertGame(tx, {
        roomId,
        hostId: userId,
        source: body.source,
        total: questions.length,
        secondsPerQuestion: body.secondsPerQuestion,
        expectedIds,
      });
      await insertGameQuestions(tx, game.id, questions);
      const members = (await listRoomMembers(tx, [roomId])).get(roomId) ?? [];
      await insertGamePlayers(
        tx,
        game.id,
        members.map((m) => m.id),
      );
      return game;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, GAME_RUNNING);
    throw err;
  }
  const game = await toGame({ db, cache }, row, { answers: [] });
  events.started(roomId, game);
  clock.watch({ gameId: row.id, index: row.questionIndex, endsAt: row.endsAt });
  return game;
}

export async function getGame({ db, cache, userId, roomId, gameId }: Actor & { gameId: string }): Promise<TGame> {
  await mustBeMember(db, roomId, userId);
  return toGame({ db, cache }, await mustFindGame(db, roomId, gameId));
}

/** The running game as `room:state` gives it to one learner, or null. */
export async function runningGameFor(
  { db, cache }: Pick<GameDeps, 'db' | 'cache'>,
  roomId: string,
  userId: string,
): Promise<TGameForMember | null> {
  const row = await findRunningGame(db, roomId);
  if (!row) return null;
  const game = await toGame({ db, cache }, row);
  const mine = await findAnswer(db, row.id, row.questionIndex, userId);
  return { ...game, myAnswer: mine?.choice ?? null };
}

/** Why an answer was not taken: the first rule it breaks. */
async function refusalOf(
  db: Db,
  { userId, roomId, gameId, index }: { userId: string; roomId: string; gameId: string; index: number },
): Promise<AppError> {
  await mustBeMember(db, roomId, userId);
  const game = await mustFindGame(db, roomId, gameId);
  if (index >= game.total || index > game.questionIndex) return new AppError(400, NO_SUCH_QUESTION);
  if (await findAnswer(db, gameId, index, userId))
    return new AppError(409, GAME_ALREADY_ANSWERED, { code: ALREADY_ANSWERED });
  return new AppError(409, GAME_TIME_IS_UP);
}

export async function answerQuestion(
  deps: Actor & { gameId: string; index: number; choice: number },
): Promise<{ accepted: true }> {
  const { db, events, userId, roomId, gameId, index, choice } = deps;
  // The hot path: one round trip checks every rule, inserts and counts; only a refusal asks why.
  const progress = await answerIfOpen(db, { gameId, roomId, userId, index, choice });
  if (!progress) throw await refusalOf(db, { userId, roomId, gameId, index });
  events.progress(roomId, { gameId, index, answered: progress.answered, expected: progress.expected });
  if (progress.everyone) {
    // The clock closes it anyway at endsAt should this fail; the answer itself is safe.
    await closeAndReveal({ ...deps, gameId, index }).catch(() => undefined);
  }
  return { accepted: true };
}

/**
 * A dead process's members lapsed out of the room: its open question stops waiting for those who
 * had not answered, and closes now if everyone left has answered.
 */
export async function stopWaitingForAbsent(deps: GameDeps, roomId: string): Promise<void> {
  const online = await deps.events.online(roomId);
  for (const q of await dropAbsentPlayers(deps.db, roomId, online)) {
    deps.events.progress(roomId, { gameId: q.gameId, index: q.index, answered: q.answered, expected: q.expected });
    if (q.everyone) await closeAndReveal({ ...deps, gameId: q.gameId, index: q.index });
  }
}

/**
 * Closes question `index` if it is still open, scores it and reveals it, in one round trip to the
 * database (totals move only here). Idempotent across processes.
 */
export async function closeAndReveal({
  db,
  events,
  clock,
  cache,
  gameId,
  index,
}: GameDeps & { gameId: string; index: number }): Promise<TGame | undefined> {
  const closed = await closeAndScoreQuestion(db, gameId, index);
  return closed ? revealClosed({ db, events, clock, cache }, closed) : undefined;
}

/** After a question closed and was scored: the reveal to the room. */
async function revealClosed(
  { db, events, clock, cache }: GameDeps,
  { row, choices, players }: { row: RoomGameRow; choices: number[]; players: PlayerTotalsRow[] },
): Promise<TGame> {
  clock.unwatch(row.id);
  cache.rememberBoard(row.id, row.questionIndex, boardOf(players));
  const game = await toGame({ db, cache }, row, { answers: choices.map((choice) => ({ choice })) });
  events.reveal(row.roomId, game);
  return game;
}

/** After a question opened: `game:question` to the room, and its clock. */
async function announceOpened({ db, events, clock, cache }: GameDeps, row: RoomGameRow): Promise<TGame> {
  const view = await toGame({ db, cache }, row, { answers: [] });
  events.question(row.roomId, view);
  clock.watch({ gameId: row.id, index: row.questionIndex, endsAt: row.endsAt });
  return view;
}

async function mustBeHostsGame(db: Db, roomId: string, gameId: string, userId: string): Promise<RoomGameRow> {
  const game = await findGameWithHost(db, roomId, gameId);
  if (!game) {
    if (!(await findRoomWithHost(db, roomId))) throw new AppError(404, ROOM_NOT_FOUND);
    throw new AppError(404, GAME_NOT_FOUND);
  }
  if (game.roomHostId !== userId) throw new AppError(403, HOST_ONLY);
  return game;
}

async function finish(deps: GameDeps, gameId: string): Promise<TGame | undefined> {
  const { db, events, clock, cache } = deps;
  const finished = await db.transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    if (!game || game.status === 'finished') return undefined;
    // Ending during a question closes and scores it first: the answers given count.
    if (game.status === 'question') await closeAndScoreQuestionIn(tx, gameId, game.questionIndex);
    return finishGame(tx, gameId);
  });
  if (!finished) return undefined;
  clock.unwatch(gameId);
  const game = await toGame({ db, cache }, finished);
  cache.forget(gameId);
  events.over(finished.roomId, game);
  return game;
}

/** The host's Next: closes an open question, or opens the next one after a reveal, or finishes after the last. */
export async function nextStep(deps: Actor & { gameId: string }): Promise<TGame> {
  const { db, events, userId, roomId, gameId } = deps;
  // One round trip for the usual Next. Opening a question needs who is online: given when this
  // process knows it without asking, else asked below.
  const step = await takeNextStep(db, { gameId, roomId, userId, onlineIds: events.knownOnline(roomId) });
  if (!step) {
    if (!(await findRoomWithHost(db, roomId))) throw new AppError(404, ROOM_NOT_FOUND);
    throw new AppError(404, GAME_NOT_FOUND);
  }
  if (step.roomHostId !== userId) throw new AppError(403, HOST_ONLY);
  const { step: taken, roomHostId: _host, choices, players, ...row } = step;
  if (taken === 'closed' && choices && players) return revealClosed(deps, { row, choices, players });
  if (taken === 'opened') return announceOpened(deps, row);
  if (row.status === 'reveal') {
    const next = row.questionIndex + 1;
    if (next >= row.total) return (await finish(deps, gameId)) ?? current(deps, row);
    const online = await events.online(roomId).catch(() => [] as string[]);
    const opened = await openQuestion(db, row, next, online);
    if (opened) return announceOpened(deps, opened);
  }
  return current(deps, row);
}

/** The game as it is now, when a Next found nothing to do (a peer or the clock did it first). */
const current = (deps: GameDeps, row: { id: string; roomId: string }) =>
  mustFindGame(deps.db, row.roomId, row.id).then((now) => toGame(deps, now));

export async function endGame(deps: Actor & { gameId: string }): Promise<TGame> {
  const { db, userId, roomId, gameId } = deps;
  await mustBeHostsGame(db, roomId, gameId, userId);
  return (await finish(deps, gameId)) ?? mustFindGame(db, roomId, gameId).then((row) => toGame(deps, row));
}

export async function listPastGames({ db, userId, roomId }: InRoom): Promise<TPastGame[]> {
  await mustBeMember(db, roomId, userId);
  const games = await listFinishedGames(db, roomId, PAST_GAMES_LIMIT);
  return Promise.all(
    games.map(async (g) => {
      const board = await leaderboardOf(db, g.id);
      return {
        id: g.id,
        finishedAt: (g.finishedAt ?? new Date()).toISOString(),
        winner: board[0]?.member ?? null,
        players: board.length,
      };
    }),
  );
}

/** Questions that have closed: the open one's answer stays hidden. */
const closedCount = (game: RoomGameRow) => (game.status === 'question' ? game.questionIndex : game.questionIndex + 1);

export async function gameResults({ db, userId, roomId, gameId }: GameCtx): Promise<TGameResults> {
  await mustBeMember(db, roomId, userId);
  const game = await mustFindGame(db, roomId, gameId);
  const [questions, answers, leaderboard] = await Promise.all([
    listGameQuestions(db, gameId),
    listAnswers(db, gameId),
    leaderboardOf(db, gameId),
  ]);
  const closed = questions.filter((q) => q.position < closedCount(game));
  return {
    leaderboard,
    questions: closed.map((q) => ({
      prompt: q.prompt,
      choices: q.choices,
      correctIndex: q.correctIndex,
      counts: countsOf(answers.filter((a) => a.position === q.position)),
    })),
    mine: closed.map((q) => {
      const mine = answers.find((a) => a.position === q.position && a.userId === userId);
      return {
        index: q.position,
        choice: mine?.choice ?? null,
        correct: mine?.correct ?? false,
        points: mine?.points ?? 0,
      };
    }),
  };
}

/** The questions this learner missed, into their own deck, once per game. */
export async function addMissesToFlashcards({ db, userId, roomId, gameId }: GameCtx): Promise<{ added: number }> {
  await mustBeMember(db, roomId, userId);
  const game = await mustFindGame(db, roomId, gameId);
  if (game.status !== 'finished') throw new AppError(409, GAME_NOT_OVER);
  return db.transaction(async (tx) => {
    // Not a player of this game (joined after it), or added before: nothing to add.
    if (!(await claimMisses(tx, gameId, userId))) return { added: 0 };
    const [questions, answers] = await Promise.all([listGameQuestions(tx, gameId), listAnswers(tx, gameId)]);
    const right = new Set(answers.filter((a) => a.userId === userId && a.correct).map((a) => a.position));
    const missed = questions.filter((q) => q.position < closedCount(game) && !right.has(q.position));
    if (missed.length > 0) {
      await insertCards(
        tx,
        missed.map((q) => ({ userId, question: q.prompt, answer: q.choices[q.correctIndex] ?? '' })),
      );
    }
    return { added: missed.length };
  });
}
