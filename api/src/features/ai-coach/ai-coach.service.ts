import type { Db } from '@learnboost/db';
import type { TCoachInsights } from '../../contract';
import { type CoachFacts, gatherCoachFacts } from './coach-facts';

/** Words for the facts; the configured AI provider may phrase them, this template always can. */
export function templateMessage(f: CoachFacts): string {
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

export function insightsOf(f: CoachFacts): TCoachInsights['insights'] {
  return [
    { metric: 'Study streak', value: f.streak === 1 ? '1 day' : `${f.streak} days` },
    { metric: 'Retention (7 days)', value: f.retention === null ? 'No reviews yet' : `${f.retention}%` },
    { metric: 'Cards due', value: f.dueCards },
    { metric: 'Weakest topic', value: f.weakestTopic ?? 'No mistakes yet' },
  ];
}

export type PhraseCoach = (facts: CoachFacts) => Promise<string>;

// At most one message per learner per day, unless the facts behind it changed.
const cache = new Map<string, { key: string; result: TCoachInsights }>();

export async function coachInsights(
  db: Db,
  userId: string,
  phrase?: PhraseCoach,
  now = new Date(),
): Promise<TCoachInsights> {
  const facts = await gatherCoachFacts(db, userId, now);
  const key = `${now.toISOString().slice(0, 10)}|${JSON.stringify(facts)}`;
  const cached = cache.get(userId);
  if (cached?.key === key) return cached.result;

  let message = templateMessage(facts);
  if (phrase) {
    try {
      message = (await phrase(facts)).trim() || message;
    } catch {
      // A slow or failing provider must not leave the coach speechless: the template stands.
    }
  }
  const result = { message, insights: insightsOf(facts) };
  if (cache.size > 10_000) cache.clear();
  cache.set(userId, { key, result });
  return result;
}
