import { isFunctionWord, normal, related } from '../../../lib/nlp/aliases';
import { isFieldTerm, isGenericPhrase } from '../../../lib/nlp/frequency';
import { DAYS, LEGAL_FORM, MONTHS, ORG_WORDS, STREET_WORDS, TITLES, WEEKDAYS } from '../../../lib/nlp/gazetteer';
import { isGivenName, type Sex, sexOf, titleSex } from '../../../lib/nlp/given-names';
import { opensOnClockTime, ordinalValue, ordinalWord, scaleOf } from '../../../lib/nlp/quantities';
import { bracketDepth, lemmasOf, sForm, spanText, type Token } from '../../../lib/nlp/wink';
import { hasVector, similarity } from '../../../lib/nlp/word-vectors';
import {
  broaderWords,
  CONCRETE_FILES,
  commonNounFile,
  isAdjective,
  isPlaceName,
  kindsOfNoun,
  type NounFile,
  nameKey,
  nearWords,
  nounFiles,
  partOf,
  placeSort,
  placesIn,
  siblingNouns,
  sisterPlaces,
  sortOfPlaceNoun,
} from '../../../lib/nlp/wordnet';
import { type Candidate, kindWordOf, NAME_KINDS, placeNounAt } from './candidates';
import { definesTerm } from './defined-terms';
import { seeded } from './seeded';
import { withCapital } from './statements';

const letters = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '');

/**
 * A fragment is no choice: one or two letters (unless the answer is that short too; a number of
 * two digits is whole), a phrase
 * that starts or ends with a function word or punctuation, a bare title ("Secretary") or kind of
 * body ("Trust Company"), or one
 * with unbalanced brackets or quotes.
 */
export function isFragment(text: string, answer = ''): boolean {
  const t = text.trim();
  // "75" beside "150" is a whole number, not a piece of one.
  if (letters(t).length <= 2 && letters(answer).length > 2 && !/^\d[\d,.]*$/.test(t)) return true;
  if (/^[^\p{L}\p{N}$£€]/u.test(t)) return true;
  if (/[^\p{L}\p{N}%)]$/u.test(t) && !/^(?:\p{Lu}\.)+$/u.test(t)) return true;
  const ws = t.split(/\s+/);
  if (isFunctionWord(ws[0] ?? '') || isFunctionWord(ws.at(-1) ?? '')) return true;
  if (ws.every((w) => TITLES.has(w.toLowerCase()))) return true;
  // "Trust Company", "Committee", "LLC": what kind of body, not which ("NATO" is one).
  if (ws.every((w) => LEGAL_FORM.test(w) || (ORG_WORDS.has(w.toLowerCase()) && !/^\p{Lu}{2,}$/u.test(w)))) return true;
  const count = (re: RegExp) => (t.match(re) ?? []).length;
  if (bracketDepth(t) !== 0 || count(/"/g) % 2 === 1 || count(/[“”]/g) % 2 === 1) return true;
  return false;
}

function formatLike(original: string, value: number): string {
  const decimals = /\.(\d+)/.exec(original)?.[1]?.length ?? 0;
  // "600" doubled is "1,200", as English writes thousands, unless the answer shows it writes them
  // without a comma ("1500").
  const grouped = /\d,\d{3}/.test(original) || (!/\d{4}/.test(original) && Math.abs(value) >= 1000);
  return grouped
    ? value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    : value.toFixed(decimals);
}

const TWELVE_HOUR = /\d\s*[ap]\.?m\b/i;
const PART_OF_DAY = /^(in the (morning|afternoon|evening)|at night|o['’]clock)\b/i;
/** The few words the sentence goes on with after a candidate. */
const textAfter = (c: Candidate) =>
  spanText(c.sentence.tokens, c.end + 1, Math.min(c.end + 3, c.sentence.tokens.length - 1)).trim();

/** Plausibly perturbed numbers of the same unit: nearby years and decades, scaled amounts. */
export function perturbedNumbers(
  answer: string,
  kind = '',
  latestYear = new Date().getFullYear(),
  /** The sentence says the part of the day after it ("at 9.40 in the evening"): a time stays on a twelve-hour clock. */
  twelveHour = false,
): string[] {
  if (kind === 'century' && !/\d/.test(answer)) return centuriesBeside(answer);
  const found = numberIn(answer);
  if (!found) return [];
  const { raw, value } = found;
  if (!Number.isFinite(value)) return [];
  const isYear = kind === 'year' || kind === 'date' || (/^\d{4}$/.test(raw) && value >= 1000 && value <= 2100);
  const isDecade = kind === 'decade';
  const isPercent = /%|per ?cent/i.test(answer);
  let options: number[];
  // Steps below and above the answer, its place among them drawn (evenlyRanked).
  const around = (below: number[], above: number[], allowed: (v: number) => boolean = (v) => v > 0) =>
    evenlyRanked(
      answer,
      below.map((d) => value + d),
      above.map((d) => value + d),
      allowed,
    );
  // "the 19th century", "the 68th edition": its neighbours, never a 29th century or a 136th edition.
  if (kind === 'century' || /\d(st|nd|rd|th)\b/.test(answer))
    options = around([-1, -2, -3], [1, 2, 3], (v) => v > 0 && (kind !== 'century' || v <= 21));
  else if (isDecade) options = around([-10, -20, -30], [10, 20, 30], (v) => v <= Math.max(latestYear, value));
  // A day of the month stays one ("29 August" → "26 August", never "33 August").
  else if (kind === 'date' && value <= 31) options = around([-3, -7, -10], [4, 8, 11], (v) => v >= 1 && v <= 28);
  else if (isYear) options = around([-3, -8, -15], [4, 9, 12], (v) => v <= Math.max(latestYear, value));
  // A time of day stays one: "18:00" → "15:00", never "36:00"; "9:34 a.m." → "6:34 a.m.", never "14:34 a.m.".
  // Placed in the day by the sentence, only a number a twelve-hour clock shows is a time ("20 people in the evening" is not).
  else if ((twelveHour && value <= 12) || (opensOnClockTime(answer.slice(answer.indexOf(raw))) && value <= 24)) {
    const [first, last] = TWELVE_HOUR.test(answer) || twelveHour ? [1, 12] : [0, 23];
    options = around([-3, -6, -2], [3, 6, 2], (v) => v >= first && v <= last);
  } else {
    const decimals = /\.(\d+)/.exec(raw)?.[1]?.length ?? 0;
    const step = roundStep(value, decimals);
    const steps = (ks: number[]) => ks.map((k) => k * step);
    // A share of a whole stays within it ("96 per cent of them", never "192 per cent"); a rise may not.
    options = around(steps([-1, -2, -3]), steps([1, 2, 3]), (v) => v > 0 && (!isPercent || value > 100 || v <= 100));
  }
  const decimals = /\.(\d+)/.exec(raw)?.[1]?.length ?? 0;
  const before = answer.slice(0, found.index);
  const after = answer.slice(found.index + raw.length);
  // No year after the latest the passage tells of: it was written then.
  return options
    .filter((v) => v > 0 && v !== value && (!isYear || v <= Math.max(latestYear, value)))
    .map((v) => (decimals === 0 ? Math.round(v) : v))
    .map((v) =>
      `${before}${formatLike(raw, v)}${countedAs(after, v)}`.replace(/(\d+)(st|nd|rd|th)\b/, (_, n: string) =>
        ordinal(n),
      ),
    );
}

/** "1 pound" made 3 is "3 pounds", "2 hours" made 1 is "1 hour": the noun counted after a number agrees with it. */
function countedAs(after: string, value: number): string {
  const noun = /^\s+(\p{Ll}{3,})\b/u.exec(after)?.[1];
  // "3 million", "5 percent": a scale or a share keeps its one form.
  if (!noun || scaleOf(noun) !== undefined || /^per/.test(noun)) return after;
  const lemma = lemmasOf(noun)[0]?.lemma.toLowerCase() ?? noun;
  if (!commonNounFile(lemma)) return after;
  const form = value === 1 ? lemma : lemma === noun ? sForm(noun) : noun;
  return after.replace(noun, form);
}

/**
 * The gap between made numbers, never finer than the answer is written: one between a tenth and a
 * quarter of the answer that divides it, round ones first ("30,000" → 5,000; "24 hours" → 6, which
 * gives "18 hours" and "30 hours" where 5 gave "19" and "29" beside a whole day), else a round one
 * near a quarter of it ("37,000" → 5,000; "870" → 200; "2.5" → 0.5).
 */
function roundStep(value: number, decimals: number): number {
  const finest = 10 ** -decimals;
  const size = Math.abs(value);
  const quarter = size / 4;
  if (quarter <= finest) return finest;
  const power = 10 ** Math.floor(Math.log10(quarter));
  // Round gaps first ("30,000" → 5,000, not 6,000), then a dozen's.
  const steps = [
    [5, 2, 1],
    [6, 4, 3],
  ].flatMap((ms) => [power, power / 10].flatMap((p) => ms.map((m) => m * p)));
  const divides = (d: number) => Math.abs(size / d - Math.round(size / d)) < 1e-9;
  const whole = steps.find((d) => d <= quarter && d >= size / 10 && d >= finest && divides(d));
  return whole ?? Math.max(finest, ...[1, 2, 5].map((m) => m * power).filter((d) => d <= quarter));
}

/**
 * Made numbers around the answer that leave its place among them to chance: "18,500 | 37,000 |
 * 55,500 | 74,000" always put it second, and a learner who sees the pattern needs no passage.
 * `below` and `above` are the candidates on each side, nearest first; the answer's rank (how many
 * choices lie below it) is drawn, seeded by the answer, from the ranks whose numbers are all allowed.
 */
function evenlyRanked(answer: string, below: number[], above: number[], allowed: (v: number) => boolean): number[] {
  const lows = below.filter(allowed);
  const highs = above.filter(allowed);
  const ranks = [0, 1, 2, 3].filter((r) => lows.length >= r && highs.length >= 3 - r);
  if (!ranks.length) return [...lows, ...highs];
  const rank = ranks[Math.floor(seeded(answer)() * ranks.length)] as number;
  // The rest stay as spares, nearest first, for choices a later rule turns away.
  return [...lows.slice(0, rank), ...highs.slice(0, 3 - rank), ...lows.slice(rank), ...highs.slice(3 - rank)];
}

/** "the nineteenth century" → its neighbours in words ("eighteenth", "twentieth"), never a twenty-fourth. */
function centuriesBeside(answer: string): string[] {
  const word = answer.split(/\s+/).find((w) => ordinalValue(w) !== undefined);
  const value = word && ordinalValue(word);
  if (!word || !value) return [];
  const steps = (ds: number[]) => ds.map((d) => value + d);
  return evenlyRanked(answer, steps([-1, -2, -3]), steps([1, 2, 3]), (v) => v > 0 && v <= 21).flatMap((v) => {
    const other = ordinalWord(v);
    return other ? [answer.replace(word, /^\p{Lu}/u.test(word) ? withCapital(other) : other)] : [];
  });
}

/** "23" → "23rd": a perturbed "15th" keeps the suffix its new number takes. */
function ordinal(n: string): string {
  const last = Number(n) % 10;
  const teen = Math.floor(Number(n) / 10) % 10 === 1;
  const suffix = teen ? 'th' : last === 1 ? 'st' : last === 2 ? 'nd' : last === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** The number a phrase says, as written and as a value ("£84,000" → "84,000", 84000). */
function numberIn(text: string): { raw: string; value: number; index: number } | undefined {
  // A comma groups thousands only: the one of "February 1, 2022" ends the day.
  const found = /\d+(?:,\d{3})*(\.\d+)?/.exec(text);
  return found ? { raw: found[0], value: Number(found[0].replace(/,/g, '')), index: found.index } : undefined;
}
/**
 * "about _____ to 40 kilometres per hour", "between 7.35 and _____": a number that bounds a range
 * stays on its side of the other bound, or the choice rules itself out.
 */
function withinRange(answer: Candidate): (choice: string) => boolean {
  if (!/^num:/.test(answer.kind)) return () => true;
  const { tokens } = answer.sentence;
  // "310 million": a bound is its number times the scale word after it.
  const bound = (at: number) => {
    const t = tokens[at];
    const value = t?.pos === 'NUM' ? numberIn(t.text)?.value : undefined;
    return value === undefined ? undefined : value * (scaleOf(tokens[at + 1]?.text ?? '') ?? 1);
  };
  const link = (t: Token | undefined) => /^(to|and|-|–)$/.test(t?.text ?? '');
  const below = link(tokens[answer.end + 1]) ? bound(answer.end + 2) : undefined;
  const before = scaleOf(tokens[answer.start - 2]?.text ?? '') !== undefined ? answer.start - 3 : answer.start - 2;
  const above = link(tokens[answer.start - 1]) ? bound(before) : undefined;
  return (choice) => {
    const v = amountIn(choice);
    return v === undefined || ((below === undefined || v < below) && (above === undefined || v > above));
  };
}

/** What a phrase's number amounts to, its scale word counted: "100 million" is 100,000,000. */
const amountIn = (text: string) => {
  const found = numberIn(text);
  const scale = /^\s*(\p{L}+)/u.exec(text.slice((found?.index ?? 0) + (found?.raw.length ?? 0)))?.[1] ?? '';
  return found && found.value * (scaleOf(scale) ?? 1);
};
/** "£84,000" beside a £30 fee, "100 million" beside 870, is of another order: a learner rules it out without reading. */
const sameOrder = (answer: string, other: string) => {
  const a = amountIn(answer);
  const b = amountIn(other);
  return a === undefined || b === undefined || a === 0 || b === 0 || (b / a <= 20 && a / b <= 20);
};

/** The unit a bare number is written with, a symbol or a name ("J/kg", "°C"), or nothing. */
const unitAfter = (c: Candidate) => {
  const next = c.sentence.tokens[c.end + 1];
  return next && /^(PROPN|SYM)$/.test(next.pos) ? next.text.toLowerCase() : '';
};

/** A lone quality that "of" follows: "size" of "the size of the market", "availability" of substitutes. */
const ofWhat = (c: Candidate) =>
  c.kind.startsWith('np:') &&
  c.start === c.end &&
  c.sentence.tokens[c.end + 1]?.text.toLowerCase() === 'of' &&
  headFile(c) === 'attribute';

/** Kinds that may stand in for each other: the same kind exactly. */
export const sameKind = (a: string, b: string) => a === b;

/** The phrase's words in the forms the frequency list may hold: as written, lemma, singular. */
const fieldTerm = (c: Candidate) =>
  isFieldTerm(
    c.sentence.tokens
      .slice(c.start, c.end + 1)
      .map((t) => [t.text.toLowerCase(), t.lemma.toLowerCase(), t.text.toLowerCase().replace(/s$/, '')]),
  );

const generic = (c: Candidate) =>
  c.kind.startsWith('np:') &&
  isGenericPhrase(c.sentence.tokens.slice(c.start, c.end + 1).map((t) => t.lemma || t.text));

/**
 * Names of one kind of thing: "Erie Canal" and "Barge Canal", "Leeds University" and "Aston
 * College". Word vectors also place a state near a congress (0.64) and an island near an ocean
 * (0.67): only nearer words count.
 */
const akin = (a: string | undefined, b: string | undefined) => !!a && !!b && (a === b || similarity(a, b) >= 0.7);

const oneHoldsOther = (a: string, b: string) =>
  partOf(a).includes(b.toLowerCase()) || partOf(b).includes(a.toLowerCase());

/**
 * "Santa Cruz, California": the place the sentence puts the answer in, when WordNet knows it and
 * does not put the answer elsewhere ("Chile, Colombia, and Mexico" is a list, not Chile in Colombia).
 */
function holderOf(answer: Candidate): string | undefined {
  const { tokens } = answer.sentence;
  if (answer.kind !== 'place' || tokens[answer.end + 1]?.text !== ',' || tokens[answer.start - 1]?.text === ',')
    return undefined;
  const after = tokens.slice(answer.end + 2, answer.end + 4);
  const names = [after.map((t) => t.text).join(' '), after[0]?.text ?? ''].filter((n) => /^\p{Lu}/u.test(n));
  const holder = names.find((n) => isPlaceName(nameKey(n)));
  if (!holder) return undefined;
  const within = partOf(answer.text);
  return within.length ? (within.includes(holder.toLowerCase()) ? holder : undefined) : holder;
}

type Scale = 'local' | 'feature' | 'settlement' | 'region';
/**
 * How big a place is, when its name or WordNet says: a street or a building ("Harbour Square",
 * "Lindholm General Hospital", "Malmö Arena"), a natural feature ("Mount Osterra", "Lake Heima"), a
 * town, or a region (a country, a state, a continent).
 */
function placeScale(text: string, pool: Candidate[]): Scale | undefined {
  const named = pool.find((c) => c.text === text);
  const kind = named ? kindWordOf(named) : undefined;
  if (kind && (STREET_WORDS.test(kind) || nounFiles(kind, 2).includes('artifact'))) return 'local';
  const sort = placeSort(text) ?? (kind ? sortOfPlaceNoun(kind) : undefined);
  if (sort === 'city') return 'settlement';
  if (sort === 'feature') return 'feature';
  return sort ? 'region' : undefined;
}
/**
 * A place of another size beside a street, a building or a natural feature reads as nonsense:
 * "crossed the finish line in Ethiopia" beside "in Harbour Square", "Europe" for a stratovolcano.
 * Towns and regions may stand together ("born in Bergen" or "in Norway").
 */
function ofAnotherScale(answer: Candidate, pool: Candidate[]): (text: string) => boolean {
  const scale = answer.kind === 'place' ? placeScale(answer.text, pool) : undefined;
  if (!scale) return () => false;
  return (text) => {
    const other = placeScale(text, pool);
    return (
      !!other &&
      other !== scale &&
      (scale === 'local' || scale === 'feature' || other === 'local' || other === 'feature')
    );
  };
}

/** "Santa Ana, California" beside other places WordNet puts in California, of the answer's sort or else of the commonest there (cities). */
function placesOfSortIn(holder: string, sort: string | undefined): string[] {
  const places = placesIn(holder).map((p) => ({ p, sort: placeSort(p) }));
  const counts = new Map<string | undefined, number>();
  for (const { sort: s } of places) if (s) counts.set(s, (counts.get(s) ?? 0) + 1);
  const commonest = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  return places.filter((x) => x.sort === (sort ?? commonest)).map((x) => x.p);
}

/** Beside a place the sentence puts inside another, no place WordNet puts elsewhere: "Barcelona, California" is plainly wrong. */
function elsewhereThan(holder: string | undefined): (text: string) => boolean {
  if (!holder) return () => false;
  return (text) => {
    const within = partOf(text);
    return within.length > 0 && !within.includes(holder.toLowerCase());
  };
}

/** How a date is written: "29 August" and "25 August" are a day and a month, "May" a month alone, "2015" a year. */
const dateShape = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((w) =>
      /^\d{4}$/.test(w)
        ? 'Y'
        : /^\d{1,2}(st|nd|rd|th)?$/.test(w)
          ? 'D'
          : MONTHS.test(w)
            ? 'M'
            : WEEKDAYS.test(w)
              ? 'W'
              : w,
    )
    .join(' ');

/** "Sunday" → "Saturday", "Monday", "Friday"…: the days nearest it, written as it is ("Sundays" → "Saturdays"). */
function nearbyWeekdays(answer: string): string[] {
  const at = DAYS.findIndex((d) => answer.toLowerCase().startsWith(d.toLowerCase()));
  if (at < 0) return [];
  const plural = /s$/i.test(answer) ? 's' : '';
  return [-1, 1, -2, 2, -3, 3].map((d) => `${DAYS[(at + d + 7) % 7]}${plural}`);
}

// Near enough in meaning to be a plausible choice, not so near as to be another word for the answer.
const PLAUSIBLE = 0.5;
const SYNONYMOUS = 0.7;
// Files whose sister kinds are never another word for each other, however near in meaning:
// "trout" beside "salmon" (0.79), "pine" beside "oak"; a "mug" beside a "cup" may be the same thing.
const KINDS_APART = new Set<NounFile>(['animal', 'plant', 'food']);
/** The lemma of a noun phrase's head word, as its sentence reads it ("tins of beans" → "tin"). */
const headWordOf = (c: Candidate) => (c.sentence.tokens[c.end]?.lemma || c.text).toLowerCase();
/** The WordNet file of a noun phrase's head ("food" for "tins of beans"), none for a name. */
const headFile = (c: Candidate) => (c.kind.startsWith('np:') ? commonNounFile(headWordOf(c)) : undefined);
/**
 * Phrases of one sort: things and people with heads in one WordNet file (abstractions overlap,
 * and one of their own sort may also be true: "tales" beside "stories"); names of one kind,
 * unless the kind is only "a name".
 */
const sameSort = (a: Candidate, b: Candidate) => {
  if (!a.kind.startsWith('np:')) return a.kind !== 'name';
  const file = headFile(a);
  return !file || !CONCRETE_FILES.has(file) || file === headFile(b);
};
// WordNet's files of units and spans of time: "kilometres" or "a year" stand only for their own kind.
const MEASURE_FILES = new Set<NounFile>(['quantity', 'time']);
/**
 * "along the kilometres of tectonic plates", "a national year will cover the rest": a unit or a
 * span of time in the place of a thing, or a thing in theirs, reads as nonsense however the
 * classes match.
 */
const measureMisfit = (a: Candidate, b: Candidate) => {
  const [fa, fb] = [headFile(a), headFile(b)];
  return !!fa && !!fb && fa !== fb && (MEASURE_FILES.has(fa) || MEASURE_FILES.has(fb));
};
/** Below this cosine two nouns share no context: "a ferry licence" and "the previous afternoon". */
const UNRELATED = 0.15;
/**
 * "wiping the press with a supermarket", "the time required for a converse to reduce": a noun
 * choice whose head word vectors place nowhere near the answer's is ruled out without the passage.
 * Only between words the vectors know.
 */
function unrelatedTo(answer: Candidate): (c: Candidate) => boolean {
  const head = answer.kind.startsWith('np:') ? headWordOf(answer) : '';
  if (!head || !hasVector(head)) return () => false;
  return (c) => {
    const other = headWordOf(c);
    return c.kind.startsWith('np:') && hasVector(other) && similarity(head, other) < UNRELATED;
  };
}

/**
 * "Turpin" beside "Benoît Bastien" and "Cyril Gringore": a person the question names by one word
 * stands out among full names. Other people named by a first name and a surname are named the
 * same way: by their surname when the passage's full name of the answer ends in it ("Clément
 * Turpin"), by their first name when it opens it or when the answer is a first name.
 */
function namedAs(answer: Candidate, pool: Candidate[]): (text: string) => string {
  if (answer.kind !== 'person' || /\s/.test(answer.text)) return (text) => text;
  const full = pool
    .filter((c) => c.kind === 'person')
    .map((c) => c.text.split(/\s+/))
    .find((words) => words.length > 1 && words.includes(answer.text));
  const byFirst = full ? full[0] === answer.text : isGivenName(answer.text);
  return (text) => {
    const named = text.split(/\s+/).filter((w) => !TITLES.has(w.toLowerCase()));
    // Only a first name and a surname ("Cyril Gringore"): not "Proterius of Alexandria" or "Instagram Notes".
    const givenAndSurname =
      named.length === 2 && named.every((w) => /^\p{Lu}[\p{L}-]+$/u.test(w)) && isGivenName(named[0] as string);
    if (!givenAndSurname || !pool.some((c) => c.kind === 'person' && c.text === text)) return text;
    return (byFirst ? named[0] : named[1]) as string;
  };
}

/** A man or a woman, as a person's title or first name says ("Mrs Dray", "Margaret Dray"); undefined when neither says. */
const sexOfPerson = (words: string[]) => words.map(sexOf).find(Boolean);
/** The word before a name, past a title's full stop ("Mr. _____"): its title, when it has one. */
const wordBeforeName = (answer: Candidate) =>
  answer.sentence.tokens
    .slice(Math.max(0, answer.start - 2), answer.start)
    .map((t) => t.text)
    .filter((w) => w !== '.')
    .at(-1);

/**
 * The sex the question itself shows for its answer: a title before the blank or in the answer
 * ("Mrs _____"). A first name alone is hidden by the blank, and a choice of the other sex is as
 * plausible as the answer to a learner who has not read it.
 */
function shownSex(answer: Candidate) {
  if (answer.kind !== 'person') return undefined;
  const title = wordBeforeName(answer);
  const titled = [...(title ? [title] : []), ...answer.text.split(/\s+/)].map(titleSex).find(Boolean);
  // "…that skater _____ had worn training clothes rather than his costume": the first "his",
  // "himself" or "herself" after the blank, with no other name between, is the answer's. Not "she"
  // ("_____ suspected that she had drowned" is someone else), and "her" may be anyone's.
  const after = answer.sentence.tokens.slice(answer.end + 1);
  const k = after.findIndex((t) => PRONOUN_SEX.has(t.text.toLowerCase()));
  // A people's word ("the Ukrainian team's") names no one.
  const named = k >= 0 && !after.slice(0, k).some((t) => t.pos === 'PROPN' && !isAdjective(t.text.toLowerCase()));
  return titled ?? (named ? PRONOUN_SEX.get(after[k]?.text.toLowerCase() ?? '') : undefined) ?? ownVerbsPronoun(after);
}
/**
 * "_____ said he had prepared…", "_____ made her London debut": "he" or "she" reporting what the
 * answer said, or "her" before what the answer's own verb acts on, with only that verb between.
 */
function ownVerbsPronoun(after: Token[]): Sex | undefined {
  const k = after.findIndex((t) => !/^(VERB|AUX|ADV)$/.test(t.pos) && t.text.toLowerCase() !== 'that');
  const word = after[k]?.text.toLowerCase();
  if (k < 1 || !after.slice(0, k).some((t) => t.pos === 'VERB')) return undefined;
  if (word === 'he' || word === 'she') return word === 'he' ? 'male' : 'female';
  const possessed = after[k + 1]?.pos === 'NOUN' || after[k + 1]?.pos === 'ADJ' || after[k + 1]?.pos === 'PROPN';
  return word === 'her' && possessed && !after.slice(0, k).some((t) => t.text.toLowerCase() === 'that')
    ? 'female'
    : undefined;
}
const PRONOUN_SEX = new Map<string, Sex>([
  ['his', 'male'],
  ['himself', 'male'],
  ['herself', 'female'],
]);

// How much worse than the answer a kind may sit among the sentence's words.
const MISFIT = 0.05;

const afterThe = (c: Candidate) => c.start > 0 && c.sentence.tokens[c.start - 1]?.text.toLowerCase() === 'the';
/**
 * Whether a choice reads wrongly in the answer's place for want or excess of "the": the passage
 * always writes "the Philippines" and never "the Japan". Judged by how the passage itself writes
 * each name; a name it writes both ways, or never mid-sentence, fits either.
 */
function articleMisfitFor(answer: Candidate, pool: Candidate[]): (text: string) => boolean {
  if (!NAME_KINDS.has(answer.kind)) return () => false;
  const withThe = new Set<string>();
  const without = new Set<string>();
  for (const c of pool)
    if (NAME_KINDS.has(c.kind) && c.start > 0) (afterThe(c) ? withThe : without).add(normal(c.text));
  const wanted = afterThe(answer);
  return (text) => {
    const n = normal(text);
    return wanted ? without.has(n) && !withThe.has(n) : withThe.has(n) && !without.has(n);
  };
}

/**
 * The answer with its head swapped for another kind of what the head is a kind of (WordNet):
 * "historian, minister, and biographer" → "novelist", "poet", "essayist". Only kinds near it in
 * meaning (word vectors) and never one the passage itself says, which might also be true.
 */
function siblingPhrases(answer: Candidate, pool: Candidate[]): string[] {
  const head = answer.sentence.tokens[answer.end];
  if (!head || !answer.kind.startsWith('np:')) return [];
  const lemma = (head.lemma || head.text).toLowerCase();
  // Only of concrete things and people: kinds of an abstraction overlap ("response" / "change",
  // "population" / "community"), and one of them may also be true.
  const file = commonNounFile(lemma);
  if (!file || !CONCRETE_FILES.has(file)) return [];
  const pluralHead = answer.kind.endsWith(':pl');
  // A substance in the plural is a thing of another sense ("eleven tins of beans", "her papers"):
  // kinds of the metal or the material ("irons", "coppers") are not kinds of it.
  if (pluralHead && file === 'substance') return [];
  const said = [...new Set(pool.map((c) => c.sentence.text))].join(' ');
  const before = spanText(answer.sentence.tokens, answer.start, answer.end - 1);
  // WordNet's commonest sense may not be the passage's ("keys" of music are filed with door keys):
  // a kind must sit in the sentence's company as well as the answer does.
  const company = answer.sentence.tokens
    .filter((t, i) => (i < answer.start || i > answer.end) && !t.stop && /^\p{L}{3,}$/u.test(t.text))
    .map((t) => (t.lemma || t.text).toLowerCase());
  const fitness = (w: string) => {
    const best = company.map((c) => similarity(w, c)).sort((a, b) => b - a);
    return ((best[0] ?? 0) + (best[1] ?? 0) + (best[2] ?? 0)) / 3;
  };
  const answerFit = fitness(lemma);
  const plural = (w: string) => (pluralHead ? sForm(w) : w);
  const phrase = (word: string) => (answer.end > answer.start ? `${before} ${word}` : word);
  const unsaid = (w: string) => !new RegExp(`\\b${w}`, 'i').test(said);
  // A term too rare for the word vectors ("ichthyosaur", "stethoscope"): its WordNet sisters as
  // rare ("plesiosaur", "otoscope"); nearness cannot be weighed, and a common sister may belong to
  // another sense ("pupils" for "stomata", both openings). One word only: "water crowfoot" is one
  // plant's name, and "water mayapple" none.
  if (!hasVector(lemma)) {
    if (answer.end > answer.start) return [];
    return siblingNouns(lemma)
      .filter((w) => unsaid(w) && !hasVector(w))
      .slice(0, 6)
      .map((w) => phrase(plural(w)));
  }
  return siblingNouns(lemma)
    .map((w) => ({ w, near: similarity(lemma, w) }))
    .filter(({ w, near }) => near >= PLAUSIBLE && (near < SYNONYMOUS || KINDS_APART.has(file)) && unsaid(w))
    .filter(({ w }) => fitness(w) >= answerFit - MISFIT)
    .sort((a, b) => b.near - a.near)
    .map(({ w }) => phrase(plural(w)));
}

/**
 * Other places of what the answer is one of, by WordNet ("Europe" → "Asia", "Africa"), nearest in
 * meaning first (word vectors, so "Pangaea" comes nowhere near "Europe"); none the passage names,
 * and none that holds the answer or lies in it. Only single words the vectors know.
 */
function sisterPlacesOf(answer: Candidate, pool: Candidate[]): string[] {
  if (/\s/.test(answer.text) || !hasVector(answer.text)) return [];
  const said = new Set(pool.map((c) => normal(c.text)));
  // Within what holds the answer, when WordNet says: "Lancashire" beside "Yorkshire" (both in
  // England), never "Bengal"; and no other country's capital beside "Washington".
  const holders = new Set(partOf(answer.text, 2));
  const near = (w: string) => !holders.size || partOf(w, 2).some((h) => holders.has(h));
  // A city has hundreds of sisters: what holds each is read only for the nearest in meaning.
  return sisterPlaces(answer.text)
    .filter((w) => !/[\s-]/.test(w) && hasVector(w) && !said.has(normal(w)))
    .map((w) => ({ w, near: similarity(answer.text.toLowerCase(), w.toLowerCase()) }))
    .filter(({ near }) => near >= PLAUSIBLE)
    .sort((a, b) => b.near - a.near)
    .map(({ w }) => w)
    .filter((w) => near(w) && !oneHoldsOther(answer.text, w))
    .slice(0, 6);
}

/**
 * "hydrocarbons like isobutane", "cover crops such as clover": the sentence names what the answer
 * is one of, and WordNet's other kinds of it ("propane", "benzene") are choices of the very kind;
 * the commonest in meaning near the answer (or the class) first, none the passage says.
 */
function otherExamples(answer: Candidate, pool: Candidate[]): string[] {
  const { tokens } = answer.sentence;
  if (!answer.kind.startsWith('np:') || answer.end > answer.start) return [];
  const k = answer.start;
  const link = /^(like|including)$/i.test(tokens[k - 1]?.text ?? '')
    ? 1
    : /^such as$/i.test(`${tokens[k - 2]?.text} ${tokens[k - 1]?.text}`)
      ? 2
      : 0;
  const classWord = tokens[k - link - 1];
  if (!link || classWord?.pos !== 'NOUN') return [];
  const category = (classWord.lemma || classWord.text).toLowerCase();
  const lemma = (tokens[k]?.lemma || tokens[k]?.text || '').toLowerCase();
  const near = hasVector(lemma) ? lemma : category;
  const said = new Set(pool.map((c) => normal(c.text)));
  const plural = answer.kind.endsWith(':pl');
  return kindsOfNoun(category)
    .filter(
      (w) => w !== lemma && hasVector(w) && !said.has(normal(w)) && !answer.sentence.text.toLowerCase().includes(w),
    )
    .map((w) => ({ w, near: similarity(near, w) }))
    .filter(({ near }) => near >= UNRELATED)
    .sort((a, b) => b.near - a.near)
    .slice(0, 6)
    .map(({ w }) => (plural ? sForm(w) : w));
}

/** A noun phrase's number, the last part of its kind ("np:agent:pl" → "pl"). */
const numberOf = (kind: string) => kind.split(':').at(-1);

/** The other noun phrases of the answer's number that the passage defines. */
const definedBeside = (answer: Candidate, pool: Candidate[]) =>
  pool
    .filter(
      (c) => c !== answer && c.kind.startsWith('np:') && numberOf(c.kind) === numberOf(answer.kind) && definesTerm(c),
    )
    .map((c) => c.text);

/** The lemma of a phrase's last word: "the young historians" → "historian". */
const headLemma = (text: string) => lemmasOf(text).at(-1)?.lemma;

/**
 * "pupils" beside "students", "historians" beside "scholars": a noun WordNet gives as meaning the
 * same as the answer's head, or as a kind of it or what it is a kind of, makes a second correct
 * answer. Two phrases on one head ("unicellular organisms", "multicellular organisms") differ.
 */
function alsoCorrect(answer: Candidate): (text: string) => boolean {
  const head = answer.kind.startsWith('np:') ? headLemma(answer.text) : undefined;
  if (!head) return () => false;
  const same = new Set([...nearWords(head), ...broaderWords(head, 1)]);
  // "The _____ was powered by two engines": an airplane is an aircraft two steps down, and a doctor
  // an abortion provider's kind of provider. A bare noun, or someone, is said by its kinds further
  // down; "a probationary period" by no "working day".
  const depth = !/\s/.test(answer.text) || headFile(answer) === 'person' ? 2 : 1;
  // A choice is weighed more than once (as usable, then as picked): each is lemmatised once.
  const verdicts = new Map<string, boolean>();
  return (text) => {
    const known = verdicts.get(text);
    if (known !== undefined) return known;
    const other = headLemma(text);
    const verdict = !!other && other !== head && (same.has(other) || broaderWords(other, depth).includes(head));
    verdicts.set(text, verdict);
    return verdict;
  };
}

/** Where a clause of its own begins: "; …", ", while …", ", whereas …", ", but …". */
const opensClause = (tokens: Token[], k: number) =>
  /^[;:]$/.test(tokens[k]?.text ?? '') ||
  (tokens[k]?.text === ',' && /^(while|whereas|but|although)$/i.test(tokens[k + 1]?.text ?? ''));
/**
 * "What sends blood to the lungs?" of "The right ventricle sends blood to the lungs, while the left
 * ventricle pushes it to the body": a phrase of the sentence's other clause, which the question
 * leaves out, does something else there, so it is a fair wrong choice. One of the answer's own clause
 * ("Swift and Antonoff produced the songs") may be as true as the answer.
 */
function otherClauses(answer: Candidate, pool: Candidate[]): (text: string) => boolean {
  const { tokens } = answer.sentence;
  const clauseOf = (i: number) => tokens.slice(0, i).filter((_, k) => opensClause(tokens, k)).length;
  const own = clauseOf(answer.start);
  const mentions = pool.filter((c) => c.sentence === answer.sentence && c !== answer);
  return (text) => {
    const here = mentions.filter((c) => normal(c.text) === normal(text));
    return here.length > 0 && here.every((c) => clauseOf(c.start) !== own);
  };
}

/**
 * Three wrong choices of the answer's kind: other phrases of that kind from the passage first
 * (they read naturally), nearest in length and then in place, then perturbed numbers. None
 * appears in the question's own sentence (so exactly one choice fits), none is a fragment, and
 * no two choices are the same thing told twice (aliases, initials, one inside the other).
 */
export function distractorsFor(
  answer: Candidate,
  pool: Candidate[],
  aliases: Map<string, Set<string>>,
  {
    otherClasses = false,
    fine = false,
    asked,
  }: {
    otherClasses?: boolean;
    fine?: boolean;
    /** The wh-question, when the sentence is not shown whole. */
    asked?: string;
  } = {},
): string[] | null {
  const sentence = answer.sentence.text.toLowerCase();
  const inAnotherClause = otherClauses(answer, pool);
  // What the learner reads: the whole sentence, or only the question made of its clause.
  const shown = (text: string) =>
    asked === undefined
      ? sentence.includes(text.toLowerCase())
      : asked.toLowerCase().includes(text.toLowerCase()) ||
        (sentence.includes(text.toLowerCase()) && !inAnotherClause(text));
  const picked: string[] = [];
  // "Alexander" beside "Skarsgård", both of "Alexander Skarsgård": two words of one name are one person.
  const wholeNames = [...new Set(pool.filter((c) => c.end > c.start).map((c) => ` ${normal(c.text)} `))];
  const oneName = (a: string, b: string) =>
    wholeNames.some((w) => w.includes(` ${normal(a)} `) && w.includes(` ${normal(b)} `));
  const meansAnswer = alsoCorrect(answer);
  const wordBefore = normal(answer.sentence.tokens[answer.start - 1]?.text ?? '') || undefined;
  const wordAfter = normal(answer.sentence.tokens[answer.end + 1]?.text ?? '') || undefined;
  const ok = (text: string, others: string[]) => {
    const n = normal(text);
    // Not even inside a word of the question's sentence: then only the answer can fill its gap.
    if (!n || text.length > 60 || shown(text)) return false;
    if (isFragment(text, answer.text) || meansAnswer(text)) return false;
    // "the eighth and final _____": "final album" would read "final final album".
    const said = n.split(' ');
    if (said[0] === wordBefore || said.at(-1) === wordAfter) return false;
    if ([answer.text, ...others].some((t) => oneName(t, text))) return false;
    return [answer.text, ...others].every((t) => !related(t, text, aliases));
  };
  const words = (s: string) => s.split(/\s+/).length;
  // Nearest in length, then in place.
  const closer = (a: Candidate, b: Candidate) =>
    Math.abs(words(a.text) - words(answer.text)) - Math.abs(words(b.text) - words(answer.text)) ||
    Math.abs(a.sentence.index - answer.sentence.index) - Math.abs(b.sentence.index - answer.sentence.index);
  const answerIsTerm = answer.kind.startsWith('np:') && fieldTerm(answer);
  // A place WordNet does not know has the sort its name says ("River Tenna") or the passage calls
  // it by ("the oasis town of …").
  // Read once per name: the choices are sorted by it.
  const sorts = new Map<string, string | undefined>();
  const sortOf = (c: Candidate) => {
    if (sorts.has(c.text)) return sorts.get(c.text);
    const named = kindWordOf(c);
    const sort = placeSort(c.text) ?? (named && sortOfPlaceNoun(named)) ?? calledSort(c);
    sorts.set(c.text, sort || undefined);
    return sort || undefined;
  };
  const calledSort = (c: Candidate) =>
    pool
      .filter((m) => m.kind === 'place' && m.text === c.text)
      .map(placeNounAt)
      .map((noun) => noun && sortOfPlaceNoun(noun))
      .find(Boolean);
  const answerSort = answer.kind === 'place' ? sortOf(answer) : undefined;
  const holder = holderOf(answer);
  const answerShape = dateShape(answer.text);
  const placeFit = (c: Candidate) => !!answerSort && sortOf(c) === answerSort;
  const articleMisfit = articleMisfitFor(answer, pool);
  const answerKindWord = kindWordOf(answer);
  const akinToAnswer = (c: Candidate) => akin(answerKindWord, kindWordOf(c));
  // "Taylor Swift" is no other choice when the sentence says "Swift and _____ produced the songs",
  // nor "Aled Price" for "the first passenger Aled ever carried": the sentence names them by a part.
  const capitalsIn = (tokens: Token[]) => new Set(tokens.filter((t) => /^\p{Lu}/u.test(t.text)).map((t) => t.text));
  const capitalsThere = capitalsIn(answer.sentence.tokens);
  // The answer's own words do not count here: "Carl Larsson" is a fine choice beside "Carl Wilhelmsson".
  const capitalsAround = capitalsIn(answer.sentence.tokens.filter((_, i) => i < answer.start || i > answer.end));
  const namedThere = (c: Candidate) =>
    c.kind === 'person' &&
    (capitalsThere.has(c.text.split(/\s+/).at(-1) ?? '') ||
      c.text
        .split(/\s+/)
        .some((w) => /^\p{Lu}\p{Ll}/u.test(w) && !TITLES.has(w.toLowerCase()) && capitalsAround.has(w)));
  const sex = shownSex(answer);
  // A surname alone ("Otieno") is read by the full name the passage gives it ("Miriam Otieno"),
  // unless a title before the blank ("Mr _____") names the choice's sex itself.
  const titled = !!titleSex(wordBeforeName(answer) ?? '');
  const fullName = (text: string) =>
    titled
      ? text
      : (pool.find((c) => c.kind === 'person' && c.text !== text && c.text.split(/\s+/).includes(text))?.text ?? text);
  const otherSex = (text: string) => {
    const theirs = sex ? sexOfPerson(fullName(text).split(/\s+/)) : undefined;
    return !!theirs && theirs !== sex;
  };
  const personHead = headFile(answer) === 'person';
  const unrelatedToAnswer = unrelatedTo(answer);
  const same = pool
    // Or a name that says it is the same kind of thing ("Grand Union Canal", read as a firm for its "Union").
    .filter((c) => sameKind(c.kind, answer.kind) || akinToAnswer(c))
    // Asked finely, a choice is of the answer's own sort: "oranges" beside "beans" (both food), not
    // "shoulders"; a name that says what it is beside names that say the same.
    // People always: "heron" is no choice beside "landlord" for "Who had offered…?".
    .filter((c) => (!fine && !personHead) || sameSort(answer, c) || akinToAnswer(c))
    .filter((c) => !namedThere(c) && !unrelatedToAnswer(c) && !measureMisfit(answer, c))
    // "availability" of "the availability of substitutes": a noun whose "of" says of what is half a phrase alone.
    .filter((c) => !ofWhat(c) || ofWhat(answer))
    // "Spain" beside "Barcelona", "Massachusetts" beside "Boston": one holds the other, so both may be true.
    .filter((c) => !(answer.kind === 'place' && c.kind === 'place' && oneHoldsOther(answer.text, c.text)))
    .filter((c) => !/^num:/.test(answer.kind) || sameOrder(answer.text, c.text))
    // "around 800 J/kg °C" beside "49" of "49 to 50 degrees north": a count is of what its unit says.
    .filter((c) => answer.kind !== 'num:count' || unitAfter(c) === unitAfter(answer))
    .sort(closer)
    // A phrase of everyday words ("bulk", "reason") is an easy reject beside a key term: it comes last.
    .sort((a, b) => Number(generic(a)) - Number(generic(b)))
    // A field's term ("thermistors") stands beside other terms of the field, not beside "rod" or "sum".
    .sort((a, b) => (answerIsTerm ? Number(fieldTerm(b)) - Number(fieldTerm(a)) : 0))
    // A date written as the answer is first: "25 August" beside "29 August", before a bare "May".
    .sort((a, b) =>
      answer.kind === 'date'
        ? Number(dateShape(b.text) === answerShape) - Number(dateShape(a.text) === answerShape)
        : 0,
    )
    // "in the _____": a name the passage writes after "the" beside others it writes so, not "the Japan".
    .sort((a, b) => Number(articleMisfit(a.text)) - Number(articleMisfit(b.text)))
    // A place of the answer's sort first: a state beside states, before "Barcelona" or "North America".
    .sort((a, b) => Number(placeFit(b)) - Number(placeFit(a)))
    // A name that says no kind ("Real Madrid") beside others that say none, before "Allianz Arena".
    .sort((a, b) => (answerKindWord ? 0 : Number(!!kindWordOf(a)) - Number(!!kindWordOf(b))))
    // A canal beside other canals and rivers before cities: a name that says what it is, beside its kind.
    .sort((a, b) => Number(akinToAnswer(b)) - Number(akinToAnswer(a)));
  // Only when a test would otherwise be short: other noun phrases of its number, after its class's.
  const number = otherClasses && answer.kind.startsWith('np:') ? numberOf(answer.kind) : undefined;
  const nearKind = number
    ? pool
        .filter(
          (c) =>
            c.kind.startsWith('np:') &&
            c.kind.endsWith(`:${number}`) &&
            !sameKind(c.kind, answer.kind) &&
            !measureMisfit(answer, c) &&
            // Never a thing where a person is asked: "evidence" is no one who fails to protect a deposit.
            (headFile(answer) === 'person') === (headFile(c) === 'person'),
        )
        .sort(closer)
    : [];
  const latestYear = Math.max(
    ...pool.flatMap((c) => (/^(year|date)$/.test(c.kind) ? [Number(/\b(1\d|20)\d\d\b/.exec(c.text)?.[0] ?? 0)] : [])),
    0,
  );
  // A day of the week beside other days: "13 April 2025" or "January" for "on Sunday" is plainly wrong.
  const made = WEEKDAYS.test(answer.text)
    ? nearbyWeekdays(answer.text)
    : /^(num:|year|decade|date|century)/.test(answer.kind)
      ? perturbedNumbers(answer.text, answer.kind, latestYear || undefined, PART_OF_DAY.test(textAfter(answer)))
      : [];
  // Every usable phrase, in order of preference; the first three win unless they make the answer stand out.
  const usable: string[] = [];
  // Other kinds of the answer's head ("novelist" for "biographer") come before the passage's
  // everyday phrases of its class ("member", "children"): those are easy rejects.
  // Phrases of another sort ("supply boat" beside "salted fish"), asked coarsely, come after them too.
  const ofSort = same.filter((c) => sameSort(answer, c) || akinToAnswer(c));
  const otherSort = same.filter((c) => !ofSort.includes(c)).map((c) => c.text);
  const everyday = ofSort.findIndex(generic);
  const passage = ofSort.map((c) => c.text).map(namedAs(answer, pool));
  const siblings = siblingPhrases(answer, pool);
  // A term the passage defines stands first beside the other terms it defines, whatever their
  // class ("An acid is a substance that…": "base", "neutralisation", not "small fraction");
  // an example beside other kinds of what it is an example of ("hydrocarbons like isobutane").
  const otherTerms = [
    ...(answer.kind.startsWith('np:') && definesTerm(answer) ? definedBeside(answer, pool) : []),
    ...otherExamples(answer, pool),
  ];
  // A place takes the passage's places of its sort, then WordNet's ("in northern Asia" beside
  // "northern Europe"), before the passage's places of another sort ("in northern Bergen").
  // A place the sentence puts in another ("Santa Cruz, California") takes places there first.
  const placesThere = holder ? placesOfSortIn(holder, answerSort) : [];
  const there = (t: string) => !!holder && partOf(t).includes(holder.toLowerCase());
  const ofItsKind = answerSort
    ? [
        ...ofSort.filter((c) => placeFit(c)).map((c) => c.text),
        ...sisterPlacesOf(answer, pool),
        ...placesThere,
        // A place of no known sort may be of the answer's; one of another sort is not.
        ...ofSort.filter((c) => !placeFit(c) && !sortOf(c)).map((c) => c.text),
        ...ofSort.filter((c) => !placeFit(c) && sortOf(c)).map((c) => c.text),
        ...otherSort,
      ]
    : [
        ...otherTerms,
        ...(everyday < 0
          ? [...passage, ...placesThere, ...siblings]
          : [...passage.slice(0, everyday), ...placesThere, ...siblings, ...passage.slice(everyday)]),
        ...otherSort,
      ].sort((a, b) => Number(there(b)) - Number(there(a)));
  // A date made from the answer keeps its shape: it comes before the passage's dates of another
  // ("1921" beside "winter of 1890" and "winter of 1897" reads as the odd one out, and as a statement
  // "In the 1921 a coal ship…").
  const isDate = answer.kind === 'date' || answer.kind === 'year';
  const shaped = isDate ? ofItsKind.filter((t) => dateShape(t) === answerShape) : ofItsKind;
  const unshaped = ofItsKind.filter((t) => !shaped.includes(t));
  // A month alone ("in September") is asked among the passage's months only, never beside "Wednesday"
  // or "21 October", and not at all when it names too few: a month is seldom the point.
  const ordered = isDate
    ? answerShape === 'M'
      ? shaped
      : [...shaped, ...made, ...unshaped, ...nearKind.map((c) => c.text)]
    : [...ofItsKind, ...nearKind.map((c) => c.text), ...made];
  const fits = withinRange(answer);
  const elsewhere = elsewhereThan(holder);
  const anotherScale = ofAnotherScale(answer, pool);
  // "Mrs _____" is no man: a choice of the other sex gives itself away.
  for (const t of ordered)
    if (
      usable.length < 12 &&
      fits(t) &&
      !elsewhere(t) &&
      !anotherScale(t) &&
      !otherSex(t) &&
      ok(t, []) &&
      !usable.some((u) => normal(u) === normal(t))
    )
      usable.push(t);
  for (const t of usable) if (picked.length < 3 && ok(t, picked)) picked.push(t);
  // The longest choice must not give the answer away: when the answer would be the longest,
  // trade the shortest distractor for the nearest longer one, if the passage offers one.
  const longest = () => picked.every((p) => p.length < answer.text.length);
  if (picked.length === 3 && longest()) {
    // A place trades only for the passage's places of its sort: "Madrid" beside "Barcelona" is worth
    // more than a longer city WordNet adds, or than "California".
    const ofPlaceSort = new Set(pool.filter(placeFit).map((c) => c.text));
    const longer = usable
      .filter((t) => (!answerSort || ofPlaceSort.has(t)) && !picked.includes(t))
      // A date keeps its shape: "Wednesday" is never traded for "September".
      .filter((t) => !isDate || dateShape(t) === answerShape)
      .filter((t) => t.length >= answer.text.length)
      .sort((a, b) => a.length - b.length);
    for (const t of longer) {
      // Of the shortest, the least preferred goes.
      const shortest = [...picked].reverse().sort((a, b) => a.length - b.length)[0] as string;
      const rest = picked.filter((p) => p !== shortest);
      if (ok(t, rest)) {
        picked.splice(picked.indexOf(shortest), 1, t);
        break;
      }
    }
  }
  return picked.length === 3 ? picked : null;
}
