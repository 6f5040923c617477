const pad = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');

/**
 * A datetime-local value ("2026-11-23T18:00") read in the learner's zone, as an ISO instant with
 * its offset ("2026-11-23T18:00:00+01:00"); null when it is not a date and time.
 */
export function localInputToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  if ([y, mo, d, h, mi].some((n) => n === undefined || Number.isNaN(n))) return null;
  const local = new Date(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s || 0);
  if (Number.isNaN(local.getTime())) return null;
  // Offset of that very instant: it differs between summer and winter.
  const offset = -local.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}` +
    `T${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}` +
    `${sign}${pad(offset / 60)}:${pad(offset % 60)}`
  );
}

/** The datetime-local value of an instant, on the learner's clock. */
export function toLocalInput(at: Date): string {
  return (
    `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` +
    `T${pad(at.getHours())}:${pad(at.getMinutes())}`
  );
}

/** The add dialog's starting time: the next full hour, as the learner's clock shows it. */
export function nextFullHourInput(now = new Date()): string {
  const next = new Date(now);
  next.setHours(next.getHours() + 1, 0, 0, 0);
  return toLocalInput(next);
}
