import { fromWallClock, toWallClock } from './time-zone';

/** A learner's calendar day, as YYYY-MM-DD. Day arithmetic on these strings is DST-proof. */
export type Day = string;

export const dayOf = (at: Date, timeZone: string): Day => toWallClock(at, timeZone).toISOString().slice(0, 10);

export function addDays(day: Day, n: number): Day {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The Monday of the day's week. */
export function weekStart(day: Day): Day {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The real instants at which the learner's day starts and ends. */
export const dayBounds = (day: Day, timeZone: string) => ({
  start: fromWallClock(new Date(`${day}T00:00:00Z`), timeZone),
  end: fromWallClock(new Date(`${addDays(day, 1)}T00:00:00Z`), timeZone),
});
