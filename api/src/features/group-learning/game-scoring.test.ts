import { describe, expect, it } from 'vitest';
import { scoreAnswer } from './game-scoring';

const fresh = { score: 0, correct: 0, streak: 0, answerMs: 0 };

describe('live quiz scoring', () => {
  it('gives a correct answer 500 plus its share of the time left, rounded down', () => {
    // 20 s allowed, answered after 5 s: 500 + floor(500 × 15 / 20) = 875.
    expect(scoreAnswer(fresh, { choice: 2, elapsedMs: 5000 }, 2, 20_000)).toEqual({
      totals: { score: 875, correct: 1, streak: 1, answerMs: 5000 },
      correct: true,
      points: 875,
    });
    // 30 s allowed, after 10 s: 500 + floor(500 × 20 / 30) = 500 + floor(333.33) = 833.
    expect(scoreAnswer(fresh, { choice: 0, elapsedMs: 10_000 }, 0, 30_000).points).toBe(833);
  });

  it('adds 100 per answer of a streak from the second on, capped at 500', () => {
    // Three correct answers in a row, each after 4 s of 20 s (speed 400):
    // 900, then 900 + 100, then 900 + 200.
    let totals = fresh;
    const points: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = scoreAnswer(totals, { choice: 1, elapsedMs: 4000 }, 1, 20_000);
      totals = r.totals;
      points.push(r.points);
    }
    expect(points).toEqual([900, 1000, 1100]);
    expect(totals).toEqual({ score: 3000, correct: 3, streak: 3, answerMs: 12_000 });
    // The seventh in a row would earn 600; the bonus stops at 500.
    const seventh = scoreAnswer({ ...totals, streak: 6 }, { choice: 1, elapsedMs: 4000 }, 1, 20_000);
    expect(seventh.points).toBe(900 + 500);
  });

  it('gives a wrong answer or none 0 and resets the streak', () => {
    const before = { score: 1800, correct: 2, streak: 2, answerMs: 8000 };
    expect(scoreAnswer(before, { choice: 3, elapsedMs: 2000 }, 1, 20_000)).toEqual({
      totals: { score: 1800, correct: 2, streak: 0, answerMs: 10_000 },
      correct: false,
      points: 0,
    });
    // No answer counts the whole time toward the tie-break.
    expect(scoreAnswer(before, undefined, 1, 20_000).totals).toEqual({
      score: 1800,
      correct: 2,
      streak: 0,
      answerMs: 28_000,
    });
  });

  it('earns exactly 500 for a correct answer in the last instant', () => {
    expect(scoreAnswer(fresh, { choice: 0, elapsedMs: 20_000 }, 0, 20_000).points).toBe(500);
  });
});
