/**
 * How English writes amounts and times of day, read the same way by the agent's answer types and
 * by the tests' candidates, blanks and distractors.
 */

/** Words that multiply the number before them: "1.5 billion", "six hundred". */
const SCALES = new Map([
  ['hundred', 1e2],
  ['thousand', 1e3],
  ['million', 1e6],
  ['billion', 1e9],
  ['trillion', 1e12],
]);

/** What a scale word multiplies by ("million" → 1,000,000); undefined for any other word. */
export const scaleOf = (word: string): number | undefined => SCALES.get(word.toLowerCase());
export const isScaleWord = (word: string): boolean => scaleOf(word) !== undefined;

/** "9.30 am", "5 p.m.", "18:00": a time of day in figures. */
const IN_FIGURES = String.raw`\d{1,2}(?:[:.]\d\d)?\s*[ap]\.?m\b|\d{1,2}:\d\d\b`;

/** A time of day anywhere in a text: "9.30 am", "5 p.m.", "18:00", "noon", "midnight", "six o'clock". */
export const CLOCK_TIME = new RegExp(String.raw`\b(?:${IN_FIGURES})|\b(?:noon|midday|midnight)\b|o['’]clock\b`, 'i');

const OPENS_ON_TIME = new RegExp(`^(?:${IN_FIGURES})`, 'i');
/** Whether a text opens on a time of day in figures: "18:00 on Friday", "9:34 a.m.". */
export const opensOnClockTime = (text: string): boolean => OPENS_ON_TIME.test(text);

/** Ordinals in words, as centuries are written: "the nineteenth century". */
const ORDINAL_WORDS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
  'twentieth',
  'twenty-first',
];
/** "nineteenth" → 19; undefined for any other word. */
export const ordinalValue = (word: string): number | undefined => {
  const at = ORDINAL_WORDS.indexOf(word.toLowerCase());
  return at < 0 ? undefined : at + 1;
};
/** 19 → "nineteenth", for the ordinals a century is written with. */
export const ordinalWord = (value: number): string | undefined => ORDINAL_WORDS[value - 1];
