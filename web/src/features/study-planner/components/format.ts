// One English locale for the whole planner, so the headings read the same in every browser.
const LOCALE = 'en-GB';

export const weekdayShort = new Intl.DateTimeFormat(LOCALE, { weekday: 'short' });
export const dayMonth = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short' });
export const fullDay = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
export const clockTime = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit' });
export const dayMonthYear = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric' });
