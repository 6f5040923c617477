import type { Db } from '@learnboost/db';
import type { TCoachInsights } from '../../contract';
import { coachMessage } from '../ai/builtin/coach-message';
import { type CoachFacts, gatherCoachFacts } from './coach-facts';

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

/** `phrase` is the configured AI provider's coach; the offline words stand in when it fails. */
export async function coachInsights(
  db: Db,
  userId: string,
  phrase: PhraseCoach,
  now = new Date(),
): Promise<TCoachInsights> {
  const facts = await gatherCoachFacts(db, userId, now);
  const key = `${now.toISOString().slice(0, 10)}|${JSON.stringify(facts)}`;
  const cached = cache.get(userId);
  if (cached?.key === key) return cached.result;

  let message = coachMessage(facts);
  try {
    message = (await phrase(facts)).trim() || message;
  } catch {
    // A slow or failing provider must not leave the coach speechless: the offline words stand.
  }
  const result = { message, insights: insightsOf(facts) };
  if (cache.size > 10_000) cache.clear();
  cache.set(userId, { key, result });
  return result;
}
