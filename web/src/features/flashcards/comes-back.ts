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

/** How long until `due`, as Anki writes it under its buttons: "1 min", "10 min", "5 h", "3 d", "2 mo", "1 y". */
export function shortWait(due: string, now: Date = new Date()): string {
  const wait = Math.max(0, Date.parse(due) - now.getTime());
  // Previews are read some seconds after the server made them: 59 s still reads "1 min".
  if (wait < MINUTE / 2) return '<1 min';
  if (wait < HOUR) return `${Math.round(wait / MINUTE)} min`;
  if (wait < 24 * HOUR) return `${Math.round(wait / HOUR)} h`;
  const days = Math.round(wait / (24 * HOUR));
  if (days < 30) return `${days} d`;
  if (days < 365) return `${Math.round(days / 30)} mo`;
  return `${Math.round((days / 365) * 10) / 10} y`;
}
