// The learner's days are counted in their IANA time zone, not the server's.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
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

/** How far the zone's wall clock is ahead of UTC at that instant (DST included). */
export function zoneOffsetMs(timeZone: string, at: Date): number {
  const parts = formatterFor(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant re-labelled so its UTC fields read the learner's wall clock. */
export const toWallClock = (at: Date, timeZone: string): Date => new Date(at.getTime() + zoneOffsetMs(timeZone, at));

/** The inverse of toWallClock (the offset is taken at the result, so it holds across DST). */
export function fromWallClock(wall: Date, timeZone: string): Date {
  const guess = new Date(wall.getTime() - zoneOffsetMs(timeZone, wall));
  return new Date(wall.getTime() - zoneOffsetMs(timeZone, guess));
}
