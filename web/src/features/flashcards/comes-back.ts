const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Whole days, as every screen words them: "4 days", "2 months", "1 year". */
function dayWords(days: number): string {
  if (days < 60) return plural(days, 'day');
  if (days < 730) return plural(Math.round(days / 30), 'month');
  return plural(Math.round(days / 365), 'year');
}

/**
 * A wait in the words every screen uses, on the rating buttons and after a rating alike:
 * "less than a minute", "10 minutes", "5 hours", "1 day", "2 months".
 */
export function waitWords(ms: number): string {
  if (ms < MINUTE / 2) return 'less than a minute';
  if (ms < HOUR - MINUTE / 2) return plural(Math.max(1, Math.round(ms / MINUTE)), 'minute');
  if (ms < DAY - HOUR / 2) return plural(Math.round(ms / HOUR), 'hour');
  return dayWords(Math.round(ms / DAY));
}

/**
 * When a reviewed card returns: "again in 10 minutes", "again in 4 days". Whole days come from
 * the scheduler's `scheduledDays` (FSRS counts the learner's days, so "4 days" means what the
 * scheduler decided, not 4×24 h from now); shorter steps from `due`, counted from the review
 * (`reviewedAt`, the server's clock), so a device whose clock is off still says the real step.
 */
export function comesBackIn(card: { due: string; scheduledDays: number; lastReviewedAt: string | null }): string {
  if (card.scheduledDays >= 1) return `again in ${dayWords(card.scheduledDays)}`;
  const from = card.lastReviewedAt ? Date.parse(card.lastReviewedAt) : Date.now();
  return `again in ${waitWords(Date.parse(card.due) - from)}`;
}

/**
 * What a rating button says: the wait its preview stands for, counted from when the preview was
 * made (`madeAt`), so a card looked at for a minute still says "10 minutes", as the card will
 * then say after the rating.
 */
export function previewWait(due: string, madeAt: string | undefined, now: Date = new Date()): string {
  return waitWords(Date.parse(due) - (madeAt ? Date.parse(madeAt) : now.getTime()));
}
