// One English locale for the whole app, so every date reads the same way, on every screen and in
// every browser: "24 Nov 2026", "24 Nov 2026, 11:30".
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
export const dayMonthYearTime = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
export const weekdayTime = new Intl.DateTimeFormat(LOCALE, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
export const weekdayLongTime = new Intl.DateTimeFormat(LOCALE, { weekday: 'long', hour: '2-digit', minute: '2-digit' });
