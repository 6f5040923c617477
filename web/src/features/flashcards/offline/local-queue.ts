import type { TOfflineCard, TRatingPreviews } from '@learnboost/api/contract';
import type { LocalScheduler } from './local-schedule';
import { previewsOf } from './local-schedule';
import type { OfflineMeta } from './offline-db';

/** As the server's study queue: learning steps due within 20 minutes are studied now. */
const LEARN_AHEAD_MS = 20 * 60_000;

/** The learner's calendar day (YYYY-MM-DD) in their time zone. */
export const learnerDay = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

export const schedulerOf = (meta: OfflineMeta): LocalScheduler => ({
  timeZone: meta.timeZone,
  settings: { parameters: meta.fsrsParameters, desiredRetention: meta.desiredRetention },
});

/** New cards still allowed today, by what the snapshot said and what was started offline since. */
export function newLeftToday(meta: OfflineMeta, now: Date): number {
  const today = learnerDay(now, meta.timeZone);
  const base = learnerDay(new Date(meta.savedAt), meta.timeZone) === today ? meta.newLeft : meta.newCardsPerDay;
  return Math.max(0, base - (meta.newStarted.day === today ? meta.newStarted.count : 0));
}

/** The deck and those nested under it ("Biology" holds "Biology::Cells"); null: every deck. */
function inDeck(meta: OfflineMeta, deckId: string | null): (card: TOfflineCard) => boolean {
  if (!deckId) return () => true;
  const name = meta.decks.find((d) => d.id === deckId)?.name;
  const ids = new Set(meta.decks.filter((d) => d.name === name || d.name.startsWith(`${name}::`)).map((d) => d.id));
  return (card) => ids.has(card.deckId);
}

/**
 * The study session the server would give, from the cards kept offline: learning cards due,
 * then reviews due (oldest first), then new cards up to today's limit, then learning steps
 * due within 20 minutes. Each card carries its previews, computed here.
 */
export function localQueue(cards: TOfflineCard[], meta: OfflineMeta, deckId: string | null, now: Date) {
  const scheduler = schedulerOf(meta);
  const mine = cards.filter(inDeck(meta, deckId)).filter((c) => !c.suspended);
  const t = now.getTime();
  const at = (c: TOfflineCard) => Date.parse(c.due);
  const byDue = (a: TOfflineCard, b: TOfflineCard) => at(a) - at(b) || a.id.localeCompare(b.id);
  const learning = mine.filter((c) => c.state === 'learning' || c.state === 'relearning');
  const dueLearning = learning.filter((c) => at(c) <= t).sort(byDue);
  const dueReviews = mine.filter((c) => c.state === 'review' && at(c) <= t).sort(byDue);
  const fresh = mine
    .filter((c) => c.state === 'new')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .slice(0, newLeftToday(meta, now));
  const ahead = learning.filter((c) => at(c) > t && at(c) <= t + LEARN_AHEAD_MS).sort(byDue);
  const queue = [...dueLearning, ...dueReviews, ...fresh, ...ahead];
  const later = mine.filter((c) => c.state !== 'new' && at(c) > t + LEARN_AHEAD_MS).sort(byDue)[0];
  return {
    cards: queue.map((c): TOfflineCard & { previews: TRatingPreviews } => ({
      ...c,
      previews: previewsOf(c, now, scheduler),
    })),
    total: mine.length,
    dueCount: dueLearning.length + dueReviews.length,
    newLeft: newLeftToday(meta, now) - fresh.length,
    newCardsPerDay: meta.newCardsPerDay,
    nextDueAt: later?.due ?? null,
  };
}
