/**
 * When two phrases name the same thing, or one is a nearer form of the other: the test's
 * choices must never be such a pair, and the agent matches a question's "SVB" to a passage's
 * "Silicon Valley Bank".
 */

import { TITLES } from './gazetteer';

export const normal = (s: string) =>
  s
    .toLowerCase()
    // "Güllich" and "Gullich" are one name spelt two ways.
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}%$]+/gu, ' ')
    .trim();

const FUNCTION_WORDS = new Set(
  'a an the of in on at by for with from to and or but as that which who whom whose is are was were be been its their his her this these those than into over under about after before between during while not no so it they he she we'.split(
    ' ',
  ),
);
export const isFunctionWord = (w: string) => FUNCTION_WORDS.has(w.toLowerCase());

const words = (s: string) => normal(s).split(' ').filter(Boolean);
const contentWords = (s: string) => words(s).filter((w) => !FUNCTION_WORDS.has(w));

/** "Silicon Valley Bank" → "SVB", "Federal Deposit Insurance Corporation" → "FDIC". */
export function initials(name: string): string {
  return name
    .split(/[\s-]+/)
    .filter((w) => /^\p{Lu}/u.test(w) && !FUNCTION_WORDS.has(w.toLowerCase()))
    .map((w) => w[0])
    .join('')
    .toUpperCase();
}

/** "SVB", "U.S.", "NATO": two to seven capitals, dots allowed. */
export const isAcronym = (s: string) => /^(?:\p{Lu}\.?){2,7}s?$/u.test(s.trim());
const compact = (s: string) => s.replace(/[.\s]/g, '').replace(/s$/, '').toUpperCase();

// A run of capitalised words, with the links names hold ("Bank of England", "Mass and Cass", "Liga 1").
const NAME = "\\p{Lu}[\\p{L}\\d'’.-]*(?:\\s+(?:(?:of|and|the|de|del|da|&)\\s+)?\\p{Lu}[\\p{L}\\d'’.-]*|\\s+\\d+)*";
/** A name without the article before it: "The Kenkoku Society" is "Kenkoku Society". */
const bare = (name: string) => name.replace(/^the\s+/i, '').trim();

/**
 * Aliases the passage declares: "Silicon Valley Bank (SVB)" and "SVB (Silicon Valley Bank)"
 * both make each name the other's alias.
 */
export function declaredAliases(text: string): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  const one = (a: string, b: string) => {
    const key = normal(a);
    if (!key) return;
    if (!map.has(key)) map.set(key, new Set());
    map.get(key)?.add(b.trim());
  };
  // Each name is the other's alias.
  const add = (a: string, b: string) => {
    one(a, b);
    one(b, a);
  };
  const re = /((?:[\p{L}'’.-]+\s+){1,8})\(((?:\p{Lu}\.?){2,7}s?)\)/gu;
  for (const m of text.matchAll(re)) {
    const long = (m[1] ?? '').trim();
    const short = m[2] ?? '';
    // Only when the short form is the long form's initials, or the passage says so plainly.
    const tail = long.split(/\s+/).slice(-short.replace(/\./g, '').length * 2);
    for (let k = tail.length; k >= 1; k--) {
      const candidate = tail.slice(-k).join(' ');
      if (
        /^[\p{L}]/u.test(candidate) &&
        !isFunctionWord(candidate.split(' ')[0] ?? '') &&
        initialsOfAll(candidate) === compact(short)
      ) {
        add(candidate, short);
        break;
      }
    }
  }
  const reverse = /\b((?:\p{Lu}\.?){2,7})\s+\(((?:\p{Lu}[\p{L}'’-]*\s*(?:(?:of|for|and|the)\s+)?){2,7})\)/gu;
  for (const m of text.matchAll(reverse)) {
    const short = m[1] ?? '';
    const long = (m[2] ?? '').trim();
    if (initials(long) === compact(short)) {
      add(long, short);
    }
  }
  // "Mass and Cass, also known as Methadone Mile or Recovery Road", "Kenkoku Daigaku or simply Kendai".
  const known = new RegExp(
    `(${NAME})(?:\\s*\\([^)]*\\))?,?\\s+(?:also known as|or simply|better known as|formerly known as|a\\.k\\.a\\.)\\s+(${NAME})(?:\\s+or\\s+(${NAME}))?`,
    'gu',
  );
  // Sentence by sentence, so no name runs on past a full stop ("… Dragon Society. The Kenkoku Society").
  const sentences = text.split(/(?<=[.!?])\s+(?=\p{Lu})/u);
  for (const m of sentences.flatMap((t) => [...t.matchAll(known)]))
    for (const other of [m[2], m[3]])
      if (other) {
        add(bare(m[1] ?? ''), bare(other));
      }
  // "Michelle Yeoh … is an actress. Credited as Michelle Khan in her early films, she rose…": a
  // sentence that opens with another name for its subject names the one the sentence before opens with.
  const opening = new RegExp(
    `^(?:Also\\s+(?=[a-z]))?(?:[Cc]redited|[Kk]nown|[Bb]illed|[Nn]icknamed)\\s+(?:as\\s+)?(${NAME})[^.]*?,\\s+(?:he|she|they|it)\\b`,
    'u',
  );
  const subject = new RegExp(`^(${NAME})`, 'u');
  sentences.forEach((t, i) => {
    const other = opening.exec(t)?.[1];
    const named = subject.exec(sentences[i - 1] ?? '')?.[1];
    if (other && named) add(bare(named), bare(other));
  });
  // "The Kenkoku Society (Chinese: 建國會, "The Society of Nation Building" or "National Foundation Society")".
  const glossed = new RegExp(`(${NAME})\\s*\\(([^)]*)\\)`, 'gu');
  for (const m of sentences.flatMap((t) => [...t.matchAll(glossed)]))
    for (const q of (m[2] ?? '').matchAll(/["“](\p{Lu}[^"”]{2,60})["”]/gu)) {
      add(bare(m[1] ?? ''), bare(q[1] ?? ''));
    }
  return map;
}

/** Initials of every word but function words, whatever their case ("purchasing power parity" → "PPP"). */
const initialsOfAll = (s: string) =>
  s
    .split(/[\s-]+/)
    .filter((w) => w && !FUNCTION_WORDS.has(w.toLowerCase()))
    .map((w) => w[0])
    .join('')
    .toUpperCase();

function isAcronymOf(short: string, long: string): boolean {
  if (!isAcronym(short)) return false;
  const ini = initials(long);
  return ini.length >= 2 && ini === compact(short);
}

/** A normalised phrase with its words' plural "s" taken off: "charge cycles" → "charge cycle". */
export const once = (n: string) => n.replace(/(\p{L}{3})s\b/gu, '$1');

/**
 * True when a and b are the same thing or one is a nearer form of the other: equal, one inside
 * the other, all the words of one among the other's ("Silicon Valley Bank" and "Silicon Valley
 * Bridge Bank"), one the other's initials, or either holding an alias of the other ("SVB
 * Financial Group" beside "Silicon Valley Bank" when the passage says "Silicon Valley Bank (SVB)").
 */
export function related(a: string, b: string, aliases: Map<string, Set<string>> = new Map()): boolean {
  const na = normal(a);
  const nb = normal(b);
  if (!na || !nb) return true;
  if (na === nb) return true;
  // "Thursday" and "Thursdays", "Charge Cycle" and "Charge Cycles": one thing, once or more.
  if (once(na) === once(nb)) return true;
  const inside = (x: string, y: string) => ` ${y} `.includes(` ${x} `);
  if (inside(na, nb) || inside(nb, na)) return true;
  // "February 5, 2022" and "February 1, 2022", "Flight 5735" and "Flight 5736": other numbers, other things.
  const numbers = (s: string) => (s.match(/\d+(?:[.,]\d+)*/g) ?? []).join(' ');
  if (numbers(na) && numbers(nb) && numbers(na) !== numbers(nb)) return false;
  const wa = new Set(contentWords(a));
  const wb = new Set(contentWords(b));
  if (wa.size && [...wa].every((w) => wb.has(w))) return true;
  if (wb.size && [...wb].every((w) => wa.has(w))) return true;
  // "thylakoids" beside "thylakoid membranes": the same words, one in the plural.
  const foldA = new Set([...wa].map(once));
  const foldB = new Set([...wb].map(once));
  if (foldA.size && [...foldA].every((w) => foldB.has(w))) return true;
  if (foldB.size && [...foldB].every((w) => foldA.has(w))) return true;
  // "Cllr Adeyemi" and "Peter Adeyemi": a title is no part of whom a name names.
  if (/^\p{Lu}/u.test(a) && /^\p{Lu}/u.test(b)) {
    const pa = [...wa].filter((w) => !TITLES.has(w));
    const pb = [...wb].filter((w) => !TITLES.has(w));
    if (pa.length && pb.length && (pa.every((w) => pb.includes(w)) || pb.every((w) => pa.includes(w)))) return true;
  }
  const shared = [...wa].filter((w) => wb.has(w)).length;
  // Names that share most of their words are one name told twice.
  if (shared / new Set([...wa, ...wb]).size >= 0.5 && /^\p{Lu}/u.test(a) && /^\p{Lu}/u.test(b)) return true;
  const tokensA = a.split(/[\s,]+/);
  const tokensB = b.split(/[\s,]+/);
  if (tokensB.some((t) => isAcronymOf(t, a)) || tokensA.some((t) => isAcronymOf(t, b))) return true;
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const alias of aliases.get(normal(x)) ?? []) {
      const n = normal(alias);
      // Either way round: "Michelle Yeoh" is inside the alias "Michelle Yeoh Choo-Kheng" of "Michelle Khan".
      if (n && (n === normal(y) || inside(n, normal(y)) || inside(normal(y), n))) return true;
    }
  }
  return false;
}
