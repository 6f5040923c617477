// Week arithmetic in the learner's local time. Days are moved with setDate, never by adding
// 24 h multiples: a week holding a daylight-saving change is 167 or 169 hours long.

/** Local midnight at the start of the day holding `date`. */
export function startOfDay(date: Date): Date {
  const day = new Date(date);
  day.setHours(0, 0, 0, 0);
  return day;
}

/** `date` moved by whole local days, landing on that day's midnight. */
export function addDays(date: Date, days: number): Date {
  const moved = startOfDay(date);
  moved.setDate(moved.getDate() + days);
  // setDate keeps the clock time; on a DST day midnight may not exist, so normalise again.
  moved.setHours(0, 0, 0, 0);
  return moved;
}

/** Local Monday 00:00 of the week holding `date` (weeks start on Monday, as the planner shows them). */
export function startOfWeek(date: Date): Date {
  const day = startOfDay(date);
  const sinceMonday = (day.getDay() + 6) % 7;
  return addDays(day, -sinceMonday);
}

/** The seven local midnights Mon–Sun of the week starting at `monday`. */
export const daysOfWeek = (monday: Date): Date[] => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** The week as the calendar endpoint wants it: Monday 00:00 to the next Monday 00:00, as instants. */
export function weekRange(monday: Date): { from: string; to: string } {
  return { from: monday.toISOString(), to: addDays(monday, 7).toISOString() };
}

/** A local calendar day as `YYYY-MM-DD`, to group sessions under their column. */
export function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
