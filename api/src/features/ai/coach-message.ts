import type { CoachStats } from './provider';

/** The offline coach's words for the learner's facts: never empty, never invented. */
export function coachMessage(f: CoachStats): string {
  if (f.dueCards > 0) {
    const cards = f.dueCards === 1 ? '1 card is' : `${f.dueCards} cards are`;
    return `${cards} waiting for you: a short review now keeps them fresh.`;
  }
  if (f.streak >= 2) return `${f.streak} days in a row. Keep the streak alive today!`;
  if (f.weakestTopic)
    return `Nothing is due. A good moment to revisit "${f.weakestTopic}", where your last test slipped.`;
  if (f.reviewsThisWeek === 0) return 'Start small: add a few flashcards or plan a session, and build from there.';
  return 'All caught up. Nice work this week; keep the rhythm going.';
}
