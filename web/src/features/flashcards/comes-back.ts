const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * When a reviewed card returns, in words: "again in 10 minutes", "again in 4 days".
 * Whole days come from the scheduler's `scheduledDays` (FSRS counts the learner's days, so "4 days"
 * means what the scheduler decided, not 4×24 h from now); shorter steps come from `due`.
 */
export function comesBackIn(due: string, scheduledDays: number, now: Date = new Date()): string {
  if (scheduledDays >= 1) {
    if (scheduledDays < 60) return `again in ${plural(scheduledDays, 'day')}`;
    if (scheduledDays < 730) return `again in ${plural(Math.round(scheduledDays / 30), 'month')}`;
    return `again in ${plural(Math.round(scheduledDays / 365), 'year')}`;
  }
  const wait = Date.parse(due) - now.getTime();
  if (wait < MINUTE) return 'again in less than a minute';
  if (wait < HOUR) return `again in ${plural(Math.round(wait / MINUTE), 'minute')}`;
  if (wait < 24 * HOUR) return `again in ${plural(Math.round(wait / HOUR), 'hour')}`;
  return `again in ${plural(Math.round(wait / (24 * HOUR)), 'day')}`;
}
