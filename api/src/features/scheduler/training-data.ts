import { CardState } from '@learnboost/db';

type Review = { cardId: string; rating: number; state: number; day: number };

/** A learner's history in the compact form the training worker takes (transferable arrays). */
export type TrainingData = { ratings: Uint8Array; deltas: Int32Array; starts: Int32Array };

/**
 * Reviews (card by card, oldest first) as training sequences: each starts at a review of a new
 * card (a card whose history begins later, or a card reset to new, starts a fresh sequence there;
 * what came before a reset no longer shapes its memory), with the days between reviews.
 */
export function trainingData(reviews: Review[]): TrainingData {
  const ratings = new Uint8Array(reviews.length);
  const deltas = new Int32Array(reviews.length);
  const starts: number[] = [];
  let n = 0;
  let card: string | null = null;
  let inSequence = false;
  let lastDay = 0;
  for (const r of reviews) {
    if (r.cardId !== card) {
      card = r.cardId;
      inSequence = false;
    }
    if (r.state === CardState.new) {
      starts.push(n);
      inSequence = true;
    } else if (!inSequence) continue;
    ratings[n] = r.rating;
    deltas[n] = n === starts.at(-1) ? 0 : Math.max(0, r.day - lastDay);
    lastDay = r.day;
    n++;
  }
  starts.push(n);
  return { ratings: ratings.slice(0, n), deltas: deltas.slice(0, n), starts: Int32Array.from(starts) };
}
