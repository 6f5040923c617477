// The learner's days are counted in their IANA time zone, not the server's.
import { offsetAt, wallClockFormat } from './zone-clock.mjs';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = wallClockFormat(timeZone);
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

// Offsets by zone and quarter hour: every zone's offset is a multiple of 15 minutes and changes
// only at a quarter hour (UTC), so one reading holds for the whole quarter. Replaying an imported
// history asks for hundreds of thousands of offsets; formatToParts is slow.
const QUARTER_HOUR = 15 * 60 * 1000;
const offsets = new Map<string, number>();

/** How far the zone's wall clock is ahead of UTC at that instant (DST included). */
export function zoneOffsetMs(timeZone: string, at: Date): number {
  if (timeZone === 'UTC') return 0;
  const key = `${timeZone}|${Math.floor(at.getTime() / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size > 200_000) offsets.clear();
    offset = offsetAt(formatterFor(timeZone), at);
    offsets.set(key, offset);
  }
  return offset;
}

/** The instant re-labelled so its UTC fields read the learner's wall clock. */
export const toWallClock = (at: Date, timeZone: string): Date => new Date(at.getTime() + zoneOffsetMs(timeZone, at));

/** The inverse of toWallClock (the offset is taken at the result, so it holds across DST). */
export function fromWallClock(wall: Date, timeZone: string): Date {
  const guess = new Date(wall.getTime() - zoneOffsetMs(timeZone, wall));
  return new Date(wall.getTime() - zoneOffsetMs(timeZone, guess));
}
