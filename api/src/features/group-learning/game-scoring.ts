/** Points of a correct answer before any streak bonus, and the most a streak adds. */
export const BASE_POINTS = 500;
export const SPEED_POINTS = 500;
export const STREAK_STEP = 100;
export const STREAK_CAP = 500;

export type PlayerTotals = { score: number; correct: number; streak: number; answerMs: number };
export type Answer = { choice: number; elapsedMs: number } | undefined;

/**
 * One player's result for one closed question (issue 13): a correct answer earns
 * 500 + floor(500 × time left ÷ time allowed), plus from the second correct answer in a row
 * 100 × (streak − 1), at most 500. A wrong answer or none earns 0 and resets the streak.
 * An unanswered question counts its whole time toward the tie-break, so not answering is never faster.
 */
export function scoreAnswer(
  before: PlayerTotals,
  answer: Answer,
  correctIndex: number,
  allowedMs: number,
): { totals: PlayerTotals; correct: boolean; points: number } {
  const elapsedMs = answer ? Math.min(answer.elapsedMs, allowedMs) : allowedMs;
  const answerMs = before.answerMs + elapsedMs;
  if (!answer || answer.choice !== correctIndex) {
    return { totals: { ...before, streak: 0, answerMs }, correct: false, points: 0 };
  }
  const streak = before.streak + 1;
  const speed = Math.floor((SPEED_POINTS * (allowedMs - elapsedMs)) / allowedMs);
  const bonus = Math.min(STREAK_CAP, STREAK_STEP * (streak - 1));
  const points = BASE_POINTS + speed + bonus;
  return {
    totals: { score: before.score + points, correct: before.correct + 1, streak, answerMs },
    correct: true,
    points,
  };
}
