import { listGamePlayers, roomGameAnswers } from '@learnboost/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPITALS, correctIndexOf, gameApi, roomWithCards } from '../../../test/game-api';
import { type Learner, signUp, startApp, type TestApp } from '../../../test/helper';
import type { TGame } from '../../contract';

let t: TestApp;
let host: Learner;
let learner: Learner;
beforeAll(async () => {
  t = await startApp({ ROOM_CARDS_PER_MINUTE: '1000' });
  host = await signUp(t);
  learner = await signUp(t);
});
afterAll(() => t.close());

const SECONDS = 20;
const wrong = (correct: number) => (correct + 1) % 4;
type Play = { right: boolean; elapsedMs: number } | null;

// The scoring runs in the database, where the question closes (db/functions/room_game_close_question.sql). Each answer is
// written with the time it took, so the points are exact; the host's Next closes and scores.
describe('live quiz scoring, against hand-worked numbers', () => {
  it('scores speed, streaks up to the cap, misses and the tie-break time', async () => {
    const cards: [string, string][] = [...CAPITALS, ['Capital of Peru?', 'Lima'], ['Capital of Chile?', 'Santiago']];
    const roomId = await roomWithCards(t, host, [learner], cards);
    const api = gameApi(t, roomId);
    const started = await api.start(host, { source: 'cards', secondsPerQuestion: SECONDS, questionCount: 7 });
    const game = started.body.game as TGame;
    // The host is right seven times in a row after 4 s of 20 (speed 400 each).
    const hostPlays: Play[] = Array.from({ length: 7 }, () => ({ right: true, elapsedMs: 4000 }));
    const learnerPlays: Play[] = [
      { right: true, elapsedMs: 3333 }, // 500 + floor(500 × 16667 / 20000) = 500 + floor(416.675) = 916
      { right: false, elapsedMs: 2000 }, // 0, the streak resets
      null, // no answer: 0, and the whole 20 s count toward the tie-break
      { right: true, elapsedMs: 20_000 }, // the last instant: 500
      { right: true, elapsedMs: 10_000 }, // 500 + 250 + a streak of 2: 100 = 850
      { right: false, elapsedMs: 1000 }, // 0
      { right: true, elapsedMs: 6000 }, // 500 + 350, a new streak: 850
    ];
    for (let i = 0; i < 7; i++) {
      if (i > 0) expect((await api.next(host, game.id)).body).toMatchObject({ status: 'question', index: i });
      const correct = await correctIndexOf(t, game.id, i);
      for (const [who, play] of [
        [host, hostPlays[i]],
        [learner, learnerPlays[i]],
      ] as const) {
        if (!play) continue;
        await t.db.db.insert(roomGameAnswers).values({
          gameId: game.id,
          position: i,
          userId: who.id,
          choice: play.right ? correct : wrong(correct),
          elapsedMs: play.elapsedMs,
        });
      }
      expect((await api.next(host, game.id)).body).toMatchObject({ status: 'reveal', index: i });
    }

    const points = async (who: Learner) =>
      (await api.results(who, game.id)).body.mine.map((m: { points: number }) => m.points);
    // 900, then +100 a step from the second in a row; the seventh would add 600, capped at 500.
    expect(await points(host)).toEqual([900, 1000, 1100, 1200, 1300, 1400, 1400]);
    expect(await points(learner)).toEqual([916, 0, 0, 500, 850, 0, 850]);

    const totals = (await listGamePlayers(t.db.db, game.id)).map(({ userId, score, correct, streak, answerMs }) => ({
      userId,
      score,
      correct,
      streak,
      answerMs,
    }));
    expect(totals).toEqual([
      { userId: host.id, score: 8300, correct: 7, streak: 7, answerMs: 7 * 4000 },
      {
        userId: learner.id,
        score: 3116,
        correct: 4,
        streak: 1,
        answerMs: 3333 + 2000 + 20_000 + 20_000 + 10_000 + 1000 + 6000,
      },
    ]);
    await api.end(host, game.id);
  });
});
