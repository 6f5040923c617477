// A time zone's offset read from Intl, written once for time-zone.ts and for the optimiser's
// worker (train-worker.mjs), which runs as plain JavaScript outside the bundle's TypeScript.

/** A formatter of the zone's wall clock; throws a RangeError for a zone Intl does not know. */
export function wallClockFormat(timeZone) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** How far the wall clock `format` shows is ahead of UTC at that instant (DST included). */
export function offsetAt(format, at) {
  const parts = format.formatToParts(at);
  const get = (type) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}
