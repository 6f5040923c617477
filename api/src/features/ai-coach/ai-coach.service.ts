import type { Db } from '@learnboost/db';
import type { TCoachInsights } from '../../contract';
import { type CoachFacts, gatherCoachFacts } from './coach-facts';

export function insightsOf(f: CoachFacts): TCoachInsights['insights'] {
  return [
    { metric: 'Study streak', value: f.streak === 1 ? '1 day' : `${f.streak} days` },
    { metric: 'Retention (7 days)', value: f.retention === null ? 'No reviews yet' : `${f.retention}%` },
    { metric: 'Cards due', value: f.dueCards },
    { metric: 'Weakest topic', value: f.weakestTopic ?? 'No mistakes yet' },
  ];
}

/** The configured AI provider's coach, and its offline words for when it fails or is too slow. */
export type CoachVoice = { phrase: (facts: CoachFacts) => Promise<string>; fallback: (facts: CoachFacts) => string };

// At most one message per learner per day, unless the facts behind it changed.
const cache = new Map<string, { key: string; result: TCoachInsights }>();

/** The provider phrases the message; its offline words stand in when it fails. */
export async function coachInsights({
  db,
  userId,
  voice,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  voice: CoachVoice;
  now?: Date;
}): Promise<TCoachInsights> {
  const facts = await gatherCoachFacts(db, userId, now);
  const key = `${now.toISOString().slice(0, 10)}|${JSON.stringify(facts)}`;
  const cached = cache.get(userId);
  if (cached?.key === key) return cached.result;

  let message = voice.fallback(facts);
  try {
    message = (await voice.phrase(facts)).trim() || message;
  } catch {
    // A slow or failing provider must not leave the coach speechless: the offline words stand.
  }
  const result = { message, insights: insightsOf(facts) };
  if (cache.size > 10_000) cache.clear();
  cache.set(userId, { key, result });
  return result;
}
