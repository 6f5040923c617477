import { CardState } from '@learnboost/db';
import { toWallClock } from '../../lib/time-zone';

type Review = { cardId: string; rating: number; state: number; day: number };
type LoggedReview = Omit<Review, 'day'> & { reviewedAt: Date };

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The log (in any order) card by card, oldest first, each review on its learner day. A zone's
 * offset is asked once per hour of the log, not once per review (Intl is slow).
 */
export function byCardAndDay(log: LoggedReview[], timeZone: string): Review[] {
  const offsets = new Map<number, number>();
  const dayOf = (at: Date) => {
    const hour = Math.floor(at.getTime() / HOUR_MS);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      offset = toWallClock(new Date(hour * HOUR_MS), timeZone).getTime() - hour * HOUR_MS;
      offsets.set(hour, offset);
    }
    return Math.floor((at.getTime() + offset) / DAY_MS);
  };
  const sorted = [...log].sort((a, b) =>
    a.cardId < b.cardId ? -1 : a.cardId > b.cardId ? 1 : a.reviewedAt.getTime() - b.reviewedAt.getTime(),
  );
  return sorted.map((r) => ({ cardId: r.cardId, rating: r.rating, state: r.state, day: dayOf(r.reviewedAt) }));
}

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

/** The items the worker will make: reviews on a later day than the card's previous one. */
export function countItems({ deltas, starts }: TrainingData): number {
  let n = 0;
  for (let c = 0; c < starts.length - 1; c++)
    for (let i = (starts[c] as number) + 1; i < (starts[c + 1] as number); i++) if ((deltas[i] as number) > 0) n++;
  return n;
}
