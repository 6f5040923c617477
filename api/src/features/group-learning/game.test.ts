import { insertTestWithQuestions } from '@learnboost/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPITALS, correctIndexOf, elapsedOf, enterRoom, gameApi, keysOf, roomWithCards } from '../../../test/game-api';
import { type Learner, signUp, startApp, type TestApp } from '../../../test/helper';
import { openLobby, pause } from '../../../test/room-client';
import type { TGame } from '../../contract';

let t: TestApp;
let host: Learner;
let learner: Learner;
const opened: { socket: { close(): void } }[] = [];
beforeAll(async () => {
  t = await startApp({ ROOM_CARDS_PER_MINUTE: '1000' });
  host = await signUp(t);
  learner = await signUp(t);
});
afterAll(async () => {
  for (const c of opened) c.socket.close();
  await t.close();
});

const person = (l: Learner) => ({ id: l.id, username: l.username });
const wrong = (correct: number) => (correct + 1) % 4;

describe('starting a game', () => {
  it('answers 201 with the first question open, four distinct choices among the room answers', async () => {
    const roomId = await roomWithCards(t, host, [learner]);
    const res = await gameApi(t, roomId).start(host, { source: 'cards', secondsPerQuestion: 30, questionCount: 3 });
    expect(res.status).toBe(201);
    const game: TGame = res.body.game;
    expect(game).toMatchObject({ status: 'question', index: 0, total: 3, secondsPerQuestion: 30, answered: 0 });
    expect(game.question?.choices).toHaveLength(4);
    expect(new Set(game.question?.choices).size).toBe(4);
    const answers = CAPITALS.map(([, a]) => a as string);
    for (const c of game.question?.choices ?? []) expect(answers).toContain(c);
    // The card's own answer is among them.
    const [, answer] = CAPITALS.find(([q]) => q === game.question?.prompt) ?? [];
    expect(game.question?.choices).toContain(answer);
    expect(Date.parse(game.endsAt) - Date.now()).toBeGreaterThan(25_000);
    expect(game.leaderboard.map((e) => e.member).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [person(host), person(learner)].sort((a, b) => a.id.localeCompare(b.id)),
    );
    await gameApi(t, roomId).end(host, game.id);
  });

  it('plays up to 10 questions by default, or every card there is', async () => {
    const roomId = await roomWithCards(t, host, []);
    const res = await gameApi(t, roomId).start(host);
    expect(res.body.game).toMatchObject({ total: CAPITALS.length, secondsPerQuestion: 20 });
    await gameApi(t, roomId).end(host, res.body.game.id);
  });

  it('refuses anyone but the host with 403', async () => {
    const roomId = await roomWithCards(t, host, [learner]);
    const res = await gameApi(t, roomId).start(learner);
    expect(res).toMatchObject({ status: 403, body: { error: 'Only the host can start a game' } });
  });

  it('answers 409 while a game is already running', async () => {
    const roomId = await roomWithCards(t, host, []);
    const first = await gameApi(t, roomId).start(host);
    const second = await gameApi(t, roomId).start(host);
    expect(second).toMatchObject({ status: 409, body: { error: 'A game is already running' } });
    await gameApi(t, roomId).end(host, first.body.game.id);
    expect((await gameApi(t, roomId).start(host)).status).toBe(201);
  });

  it('answers 422 with fewer than 4 different answers in the room', async () => {
    const roomId = await roomWithCards(t, host, [], [...CAPITALS.slice(0, 3), ['Capital of the Vatican?', 'rome ']]);
    const res = await gameApi(t, roomId).start(host);
    expect(res).toMatchObject({ status: 422, body: { error: 'Add at least 4 cards to play' } });
  });

  it.each([
    ['a choice of seconds out of range', { source: 'cards', secondsPerQuestion: 4 }],
    ['too many questions', { source: 'cards', questionCount: 51 }],
    ['an unknown source', { source: 'deck' }],
  ])('answers 400 for %s', async (_name, body) => {
    const roomId = await roomWithCards(t, host, []);
    const res = await gameApi(t, roomId).start(host, body);
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });

  it("plays one of the host's knowledge tests, and 404 for another learner's or none", async () => {
    const roomId = await roomWithCards(t, host, [learner]);
    const test = await insertTestWithQuestions(t.db.db, { userId: host.id, name: 'Cells', sourceText: 'x' }, [
      {
        position: 0,
        prompt: 'Powerhouse of the cell?',
        choices: ['Nucleus', 'Mitochondria', 'Ribosome', 'Golgi'],
        correctIndex: 1,
      },
      {
        position: 1,
        prompt: 'Holds the DNA?',
        choices: ['Nucleus', 'Mitochondria', 'Ribosome', 'Golgi'],
        correctIndex: 0,
      },
    ]);
    const theirs = await insertTestWithQuestions(t.db.db, { userId: learner.id, name: 'Theirs', sourceText: 'x' }, [
      { position: 0, prompt: 'Q?', choices: ['a', 'b', 'c', 'd'], correctIndex: 0 },
    ]);
    const api = gameApi(t, roomId);
    expect(await api.start(host, { source: 'test', testId: theirs.id })).toMatchObject({
      status: 404,
      body: { error: 'Test not found' },
    });
    expect((await api.start(host, { source: 'test' })).status).toBe(404);
    const res = await api.start(host, { source: 'test', testId: test.id });
    expect(res.status).toBe(201);
    expect(res.body.game).toMatchObject({
      total: 2,
      question: { prompt: 'Powerhouse of the cell?', choices: ['Nucleus', 'Mitochondria', 'Ribosome', 'Golgi'] },
    });
    await api.end(host, res.body.game.id);
  });

  it('tells the lobby when a game starts and ends, and the grid shows it live', async () => {
    const roomId = await roomWithCards(t, host, []);
    const lobby = openLobby(t.url, learner.token);
    opened.push(lobby);
    await lobby.connected;
    const api = gameApi(t, roomId);
    const game = (await api.start(host)).body.game;
    await lobby.waitFor('rooms:changed');
    const rooms = await t.request('GET', '/api/group-learning/rooms', { token: learner.token });
    expect(rooms.body.find((r: { id: string }) => r.id === roomId).liveQuiz).toBe(true);
    const before = lobby.of('rooms:changed').length;
    await api.end(host, game.id);
    await lobby.waitFor('rooms:changed', before + 1);
    expect(lobby.of<{ roomId: string }>('rooms:changed').at(-1)).toEqual({ roomId });
    const after = await t.request('GET', '/api/group-learning/rooms', { token: learner.token });
    expect(after.body.find((r: { id: string }) => r.id === roomId).liveQuiz).toBe(false);
  });
});

describe('answering', () => {
  it('takes one answer per learner and question: 409 "Already answered" for the second', async () => {
    const stranger = await signUp(t);
    const roomId = await roomWithCards(t, host, [learner]);
    const api = gameApi(t, roomId);
    const game = (await api.start(host, { source: 'cards', secondsPerQuestion: 60 })).body.game as TGame;
    expect(await api.answer(learner, game.id, { index: 0, choice: 2 })).toMatchObject({
      status: 200,
      body: { accepted: true },
    });
    expect(await api.answer(learner, game.id, { index: 0, choice: 1 })).toMatchObject({
      status: 409,
      body: { error: 'Already answered', code: 'already_answered' },
    });
    // Refusals: a non-member, a choice outside 0–3, a question that is not the open one.
    expect((await api.answer(stranger, game.id, { index: 0, choice: 0 })).status).toBe(403);
    expect((await api.answer(host, game.id, { index: 0, choice: 4 })).status).toBe(400);
    expect((await api.answer(host, game.id, { index: 0, choice: -1 })).status).toBe(400);
    expect((await api.answer(host, game.id, { index: 1, choice: 0 })).status).toBe(400);
    expect((await api.answer(host, game.id, { index: 99, choice: 0 })).status).toBe(400);
    expect((await api.get(stranger, game.id)).status).toBe(403);
    await api.end(host, game.id);
  });

  it('closes the question at once when the last answers arrive together, counting each once', async () => {
    const others = [await signUp(t), await signUp(t), await signUp(t)];
    const players = [host, learner, ...others];
    const roomId = await roomWithCards(t, host, [learner, ...others]);
    const api = gameApi(t, roomId);
    // Nobody has the room open: the game waits for every member.
    const game = (await api.start(host, { source: 'cards', secondsPerQuestion: 60, questionCount: 3 })).body
      .game as TGame;
    for (let i = 0; i < 3; i++) {
      if (i > 0) await api.next(host, game.id);
      const answers = await Promise.all(players.map((p) => api.answer(p, game.id, { index: i, choice: 0 })));
      expect(answers.map((a) => a.status)).toEqual(players.map(() => 200));
      // Whichever answer came last saw all five: the question closed before it was acknowledged.
      const now = (await api.get(host, game.id)).body as TGame;
      expect(now).toMatchObject({ status: 'reveal', index: i, answered: 5, expected: 5 });
      expect(now.reveal?.counts).toEqual([5, 0, 0, 0]);
    }
    await api.end(host, game.id);
  });

  it('refuses an answer after the host closed the question: 409 "Time is up"', async () => {
    const roomId = await roomWithCards(t, host, [learner]);
    const api = gameApi(t, roomId);
    const game = (await api.start(host, { source: 'cards', secondsPerQuestion: 60 })).body.game as TGame;
    expect((await api.next(host, game.id)).body.status).toBe('reveal');
    expect(await api.answer(learner, game.id, { index: 0, choice: 0 })).toMatchObject({
      status: 409,
      body: { error: 'Time is up' },
    });
    await api.end(host, game.id);
  });

  it("closes the question on the server's clock, and refuses answers after it", async () => {
    const roomId = await roomWithCards(t, host, [learner]);
    const client = await enterRoom(t.url, roomId, learner, opened);
    const api = gameApi(t, roomId);
    const game = (await api.start(host, { source: 'cards', secondsPerQuestion: 5 })).body.game as TGame;
    await client.waitFor('game:reveal', 1, 8000);
    const revealedAt = Date.now();
    expect(revealedAt - Date.parse(game.endsAt)).toBeGreaterThan(-50);
    const reveal = client.of<{ game: TGame }>('game:reveal')[0]?.game;
    expect(reveal).toMatchObject({ status: 'reveal', index: 0, reveal: { index: 0, counts: [0, 0, 0, 0] } });
    const ack = await client.socket.emitWithAck('game:answer', { gameId: game.id, index: 0, choice: 1 });
    expect(ack).toEqual({ error: 'Time is up' });
    await api.end(host, game.id);
  });

  it('answers over the socket with an acknowledgement, under the same rules', async () => {
    const roomId = await roomWithCards(t, host, [learner]);
    const client = await enterRoom(t.url, roomId, learner, opened);
    const api = gameApi(t, roomId);
    const game = (await api.start(host, { source: 'cards', secondsPerQuestion: 60 })).body.game as TGame;
    const answer = (body: unknown) => client.socket.emitWithAck('game:answer', body as never);
    expect(await answer({ gameId: game.id, index: 0, choice: 5 })).toHaveProperty('error');
    expect(await answer({ gameId: game.id, index: 3, choice: 1 })).toEqual({ error: 'No such question' });
    expect(await answer({ gameId: 'nope', index: 0, choice: 1 })).toEqual({ error: 'Game not found' });
    expect(await answer({ gameId: game.id, index: 0, choice: 1 })).toEqual({ accepted: true });
    expect(await answer({ gameId: game.id, index: 0, choice: 2 })).toEqual({
      error: 'Already answered',
      code: 'already_answered',
    });
    await api.end(host, game.id);
  });
});

describe('a whole game over sockets', () => {
  it('never shows the correct choice before the reveal, and moves scores only at the reveal', async () => {
    const roomId = await roomWithCards(t, host, [learner]);
    const hostClient = await enterRoom(t.url, roomId, host, opened);
    const learnerClient = await enterRoom(t.url, roomId, learner, opened);
    const api = gameApi(t, roomId);
    const started = await api.start(host, { source: 'cards', secondsPerQuestion: 60, questionCount: 2 });
    const game = started.body.game as TGame;
    const restBodies: unknown[] = [started.body];
    await learnerClient.waitFor('game:question');

    const correct = await correctIndexOf(t, game.id, 0);
    expect((await api.answer(host, game.id, { index: 0, choice: correct })).status).toBe(200);
    await hostClient.waitFor('game:progress');
    expect(hostClient.of('game:progress')).toEqual([{ gameId: game.id, index: 0, answered: 1, expected: 2 }]);
    // The host answered right, but nothing tells anyone so before the reveal.
    const during = await api.get(learner, game.id);
    restBodies.push(during.body);
    expect(during.body.leaderboard.every((e: { score: number }) => e.score === 0)).toBe(true);
    expect(during.body).toMatchObject({ status: 'question', answered: 1, expected: 2 });
    const results = await api.results(learner, game.id);
    restBodies.push(results.body);
    expect(results.body.questions).toEqual([]);

    // A learner who opens the room now gets the game, with their own answer (none yet).
    const late = await enterRoom(t.url, roomId, learner, opened);
    const state = late.of<{ game: TGame & { myAnswer: number | null } }>('room:state')[0];
    expect(state?.game).toMatchObject({ id: game.id, status: 'question', myAnswer: null, answered: 1 });
    const hostLate = await enterRoom(t.url, roomId, host, opened);
    expect(hostLate.of<{ game: { myAnswer: number } }>('room:state')[0]?.game.myAnswer).toBe(correct);

    // Everyone online at the start has answered: the question closes at once.
    expect((await api.answer(learner, game.id, { index: 0, choice: wrong(correct) })).status).toBe(200);
    await learnerClient.waitFor('game:reveal');
    const before = [...hostClient.heard, ...learnerClient.heard, ...late.heard]
      .filter((h) => h.event !== 'game:reveal')
      .map((h) => h.payload);
    for (const body of [...before, ...restBodies]) {
      expect(keysOf(body).has('correctIndex')).toBe(false);
      expect(keysOf(body).has('reveal')).toBe(false);
    }
    const reveal = learnerClient.of<{ game: TGame }>('game:reveal')[0]?.game as TGame;
    const counts = [0, 0, 0, 0];
    counts[correct] = 1;
    counts[wrong(correct)] = 1;
    expect(reveal.reveal).toEqual({ index: 0, correctIndex: correct, counts });
    expect(reveal.leaderboard[0]).toMatchObject({ member: person(host), correct: 1, streak: 1 });
    expect(reveal.leaderboard[1]).toMatchObject({ member: person(learner), score: 0, correct: 0, streak: 0 });

    // Next opens question 2; Next after its reveal finishes the game.
    expect((await api.next(learner, game.id)).status).toBe(403);
    expect((await api.next(host, game.id)).body).toMatchObject({ status: 'question', index: 1 });
    await learnerClient.waitFor('game:question', 2);
    expect((await api.next(host, game.id)).body).toMatchObject({ status: 'reveal', index: 1 });
    const over = await api.next(host, game.id);
    expect(over.body).toMatchObject({ status: 'finished', question: null, index: 1 });
    await learnerClient.waitFor('game:over');
    expect(learnerClient.of<{ game: TGame }>('game:over')[0]?.game.status).toBe('finished');
  });

  it('scores speed and streaks as the hand-worked numbers say', async () => {
    const roomId = await roomWithCards(t, host, [learner]);
    const api = gameApi(t, roomId);
    const seconds = 40;
    const game = (await api.start(host, { source: 'cards', secondsPerQuestion: seconds, questionCount: 3 })).body
      .game as TGame;
    const points: number[] = [];
    for (let i = 0; i < 3; i++) {
      const correct = await correctIndexOf(t, game.id, i);
      // The host is right three times in a row; the learner is right, then wrong, then right.
      await api.answer(host, game.id, { index: i, choice: correct });
      await api.answer(learner, game.id, { index: i, choice: i === 1 ? wrong(correct) : correct });
      const elapsed = await elapsedOf(t, game.id, i, host.id);
      points.push(500 + Math.floor((500 * (seconds * 1000 - elapsed)) / (seconds * 1000)));
      // Both answered: the reveal has happened; open the next question.
      expect((await api.get(host, game.id)).body.status).toBe('reveal');
      if (i < 2) await api.next(host, game.id);
    }
    const results = await api.results(host, game.id);
    // Streak bonus: 0, then 100 × (2 − 1), then 100 × (3 − 1).
    expect(results.body.mine.map((m: { points: number }) => m.points)).toEqual([
      points[0],
      (points[1] ?? 0) + 100,
      (points[2] ?? 0) + 200,
    ]);
    const theirs = await api.results(learner, game.id);
    expect(theirs.body.mine.map((m: { correct: boolean; points: number }) => [m.correct, m.points > 0])).toEqual([
      [true, true],
      [false, false],
      [true, true],
    ]);
    // The learner's third answer starts a new streak: no bonus.
    const third = theirs.body.mine[2].points;
    expect(third).toBeGreaterThanOrEqual(500);
    expect(third).toBeLessThanOrEqual(1000);
    const board = results.body.leaderboard;
    expect(board[0]).toMatchObject({ member: person(host), correct: 3, streak: 3 });
    expect(board[0].score).toBe(results.body.mine.reduce((s: number, m: { points: number }) => s + m.points, 0));
    expect(board[1]).toMatchObject({ member: person(learner), correct: 2, streak: 1 });
    await api.end(host, game.id);
  });

  it('keeps results when the host ends the game, lists it, and adds misses to flashcards once', async () => {
    const roomId = await roomWithCards(t, host, [learner]);
    const api = gameApi(t, roomId);
    const game = (await api.start(host, { source: 'cards', secondsPerQuestion: 60, questionCount: 3 })).body
      .game as TGame;
    const correct = await correctIndexOf(t, game.id, 0);
    await api.answer(host, game.id, { index: 0, choice: correct });
    await api.answer(learner, game.id, { index: 0, choice: wrong(correct) });
    await api.next(host, game.id);
    // Question 2 open; the learner answers right, then the host ends the game: it still counts.
    await api.answer(learner, game.id, { index: 1, choice: await correctIndexOf(t, game.id, 1) });
    expect((await api.end(learner, game.id)).status).toBe(403);
    expect((await api.misses(learner, game.id)).status).toBe(409);
    const ended = await api.end(host, game.id);
    expect(ended.body).toMatchObject({ status: 'finished', reveal: { index: 1 } });
    const leader = ended.body.leaderboard[0];
    expect(leader.correct).toBe(1);

    const past = await api.past(learner);
    expect(past.body[0]).toMatchObject({ id: game.id, winner: leader.member, players: 2 });
    const results = await api.results(learner, game.id);
    expect(results.body.questions).toHaveLength(2);
    expect(results.body.mine.map((m: { correct: boolean }) => m.correct)).toEqual([false, true]);

    const deckBefore = await t.request('GET', '/api/flashcards', { token: learner.token });
    expect(await api.misses(learner, game.id)).toMatchObject({ status: 201, body: { added: 1 } });
    expect(await api.misses(learner, game.id)).toMatchObject({ status: 201, body: { added: 0 } });
    const deck = await t.request('GET', '/api/flashcards', { token: learner.token });
    const q = results.body.questions[0];
    const added = JSON.stringify(deck.body).includes(q.prompt);
    expect(added).toBe(true);
    expect(JSON.stringify(deckBefore.body).includes(q.prompt)).toBe(false);
    // The host missed question 2 (no answer).
    expect(await api.misses(host, game.id)).toMatchObject({ status: 201, body: { added: 1 } });
    // A learner who joined after the game played none of it: nothing to add, and not a player.
    const latecomer = await signUp(t);
    await t.request('POST', `/api/group-learning/${roomId}/join`, { token: latecomer.token });
    expect(await api.misses(latecomer, game.id)).toMatchObject({ status: 201, body: { added: 0 } });
    expect((await api.past(learner)).body[0].players).toBe(2);
  });
});

describe('without Redis, after a restart', () => {
  it('resumes the running game from the database and closes its question on time', async () => {
    const env = { ROOM_CARDS_PER_MINUTE: '1000', JWT_SECRET: 'a-secret-shared-by-both-runs-of-the-api-0123456789' };
    const a = await startApp(env);
    const h = await signUp(a);
    const roomId = await roomWithCards(a, h, []);
    const game = (await gameApi(a, roomId).start(h, { source: 'cards', secondsPerQuestion: 5 })).body.game as TGame;
    await a.app.close();
    const b = await startApp(env, a.db);
    try {
      await pause(Math.max(0, Date.parse(game.endsAt) - Date.now()) + 300);
      expect((await gameApi(b, roomId).get(h, game.id)).body).toMatchObject({ status: 'reveal', index: 0 });
    } finally {
      await b.close();
    }
  });
});
