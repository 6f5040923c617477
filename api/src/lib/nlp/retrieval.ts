import { declaredAliases, isAcronym, normal } from './aliases';
import { type AnswerType, answerTypeOf, holdsType, isStrict } from './answer-type';
import { frequencyRank } from './frequency';
import { closeness, meaningsOf } from './sentence-meaning';
import { analyse, lemmasOf, sameRoot, type Token } from './wink';
import { similarity } from './word-vectors';
import { broaderWords, isVerb, nearWords, synonymPhrases } from './wordnet';

/**
 * Finds what in a learner's own material answers a question, the classic way (docs/ai.md):
 * 1. the question's expected answer type ("Who" → a person or group, "How many" → a number);
 * 2. its words as lemmas, each with the words WordNet says mean the same or more (half weight);
 * 3. the test or card the question is about, by BM25 over whole passages: a learner's question
 *    names its subject, the answering sentence often does not ("It is the second largest port");
 * 4. the sentences of that passage by BM25, a sentence's "it" borrowing from the one before,
 *    ranked up when they hold a phrase of the expected type that the question does not say;
 * 5. an answer only when a sentence covers what the question asks beyond its subject and holds
 *    the expected type; otherwise nothing, and the agent says it is not in the material.
 */

export type Passage = { key: string; source: string; text: string };
export type Card = { source: string; question: string; answer: string };
export type Found = { source: string; text: string };

// Words a question is made of that say nothing about its topic.
const QUESTION_WORDS = new Set(
  'what which who whom whose when where why how do does did is are was were be been can could should would will explain tell describe define definition mean meaning means simple simply term terms please give example know understand word words idea happen happened plain language briefly short kid child me us about usually often typically generally commonly mainly mostly really actually there'.split(
    ' ',
  ),
);

/** A light stemmer on top of the lemma: "economic" and "economies" meet at "econom". */
function stem(word: string): string {
  for (const suffix of [
    'ational',
    'ation',
    'ition',
    'ment',
    'ness',
    'ical',
    'ity',
    'ies',
    'ic',
    'al',
    'es',
    's',
    'e',
  ]) {
    if (word.length - suffix.length >= 4 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

/** The term a word counts as in the index. */
export const termOf = (lemma: string): string => stem(lemma.toLowerCase().replace(/[’']s$/, ''));

const isWord = (t: { text: string; pos: string }) =>
  t.pos !== 'PUNCT' && t.pos !== 'SYM' && /[\p{L}\p{N}]/u.test(t.text);
/**
 * In a card, a word that says something: not a stop word, or a verb or noun the stop list holds
 * anyway ("What do mitochondria make?": a card is short, and its every verb is what it asks).
 */
const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB']);
const isContent = (t: { text: string; pos: string; stop: boolean }) => isWord(t) && (!t.stop || CONTENT_POS.has(t.pos));

type Sent = {
  source: string;
  text: string;
  tokens: Token[];
  terms: string[];
  /** Its content words as lemmas, for meaning matched by word vectors. */
  lemmas: string[];
  /** The sentence before it in the paragraph, whose subject its "it" or "she" may stand for. */
  prev?: Sent;
  next?: Sent;
};
type Doc = {
  source: string;
  sentences: Sent[];
  /** Every term of the passage and of its name, with counts. */
  bag: Map<string, number>;
  length: number;
  /** Terms of the test's or card's name: what the whole text is about. */
  nameTerms: Set<string>;
  aliases: Map<string, Set<string>>;
};

function termsOf(
  tokens: { text: string; lemma: string; pos: string; stop: boolean }[],
  keep = (t: { text: string; pos: string; stop: boolean }) => isWord(t) && !t.stop,
): string[] {
  return tokens.filter(keep).map((t) => termOf(t.lemma || t.text));
}

function lemmasIn(tokens: { text: string; lemma: string; pos: string; stop: boolean }[]): string[] {
  return [...new Set(tokens.filter((t) => isWord(t) && !t.stop).map((t) => (t.lemma || t.text).toLowerCase()))];
}

function bagOf(terms: string[]): Map<string, number> {
  const bag = new Map<string, number>();
  for (const t of terms) bag.set(t, (bag.get(t) ?? 0) + 1);
  return bag;
}

// Passages are analysed once and kept: a test's text never changes after it is made.
const docCache = new Map<string, Doc>();
const CACHE_LIMIT = 2000;
const remember = (key: string, doc: Doc) => {
  if (docCache.size >= CACHE_LIMIT) docCache.delete(docCache.keys().next().value as string);
  docCache.set(key, doc);
  return doc;
};

function passageDoc(p: Passage): Doc {
  const key = `p:${p.key}:${p.text.length}`;
  const hit = docCache.get(key);
  if (hit) return hit;
  const analysed = analyse(p.text);
  const sentences: Sent[] = analysed.map((s) => ({
    source: p.source,
    text: s.text,
    tokens: s.tokens,
    terms: termsOf(s.tokens),
    lemmas: lemmasIn(s.tokens),
  }));
  sentences.forEach((s, i) => {
    if (analysed[i - 1]?.block === analysed[i]?.block) s.prev = sentences[i - 1];
    if (analysed[i + 1]?.block === analysed[i]?.block) s.next = sentences[i + 1];
  });
  const nameTerms = termsOf(lemmasOf(p.source));
  const all = [...sentences.flatMap((s) => s.terms), ...nameTerms];
  return remember(key, {
    source: p.source,
    sentences,
    bag: bagOf(all),
    length: all.length,
    nameTerms: new Set(nameTerms),
    aliases: declaredAliases(p.text),
  });
}

function cardDoc(c: Card): Doc {
  const key = `c:${c.source}\n${c.question}\n${c.answer}`;
  const hit = docCache.get(key);
  if (hit) return hit;
  const tokens = lemmasOf(`${c.question} ${c.answer}`).map((t) => ({ ...t, space: ' ' }));
  const terms = termsOf(tokens, isContent);
  const sentence: Sent = { source: c.source, text: c.answer, tokens, terms, lemmas: lemmasIn(tokens) };
  return remember(key, {
    source: c.source,
    sentences: [sentence],
    bag: bagOf(terms),
    length: terms.length,
    nameTerms: new Set(termsOf(lemmasOf(c.question))),
    aliases: new Map(),
  });
}

/**
 * What WordNet links a name to, read from its plural too: the tagger leaves a name's plural as
 * it is ("Bangladeshis"), and WordNet files the singular ("Bangladeshi" → "Bangladesh").
 */
function nameForms(name: string): string[] {
  const lower = name.toLowerCase();
  const singular = /[^s]s$/.test(lower) ? lower.slice(0, -1) : undefined;
  return [...nearWords(lower), ...(singular ? [singular, ...nearWords(singular)] : [])];
}

const PARTICLE = /^(up|down|out|off|away|back|forward|apart|aside)$/i;
/** "passed away", "came up with", "set up": a verb and its particle, as WordNet holds them ("pass_away" → "die"). */
function phrasalVerb(tokens: Pick<Token, 'text' | 'lemma'>[], i: number): string | undefined {
  const lemma = tokens[i]?.lemma.toLowerCase() ?? '';
  const next = tokens[i + 1]?.text.toLowerCase() ?? '';
  const after = tokens[i + 2]?.text.toLowerCase() ?? '';
  if (!PARTICLE.test(next)) return undefined;
  for (const key of [`${lemma}_${next}_${after}`, `${lemma}_${next}`])
    if (isVerb(key) && nearWords(key).length) return key;
  return undefined;
}

/** "I'm", "you've": a pronoun with its verb, which the tagger may read as a name. */
const isContraction = (word: string) => /^(i|you|we|they|he|she|it|that|there)['’](m|re|ve|d|ll|s)$/i.test(word);

/** One word the question asks about: its own term, the ways the material may name it, and the words meaning nearly the same. */
type Asked = { term: string; lemma: string; alternatives: string[][]; near: Set<string>; entity: boolean };

function askedOf(question: string, aliases: Map<string, Set<string>>) {
  const tokens = lemmasOf(question);
  const asked: Asked[] = [];
  const said = new Set<string>();
  tokens.forEach((t, i) => {
    said.add(t.text.toLowerCase());
    said.add(t.lemma);
    if (!isWord(t) || t.stop || /^['’]s$/.test(t.text) || isContraction(t.text)) return;
    if (QUESTION_WORDS.has(t.lemma) || QUESTION_WORDS.has(t.text.toLowerCase())) return;
    const term = termOf(t.lemma);
    if (asked.some((a) => a.term === term)) return;
    const entity = (i > 0 && /^\p{Lu}/u.test(t.text)) || isAcronym(t.text) || /^\d{3,4}$/.test(t.text);
    const alternatives = [[term]];
    for (const alias of aliases.get(normal(t.text)) ?? []) alternatives.push(termsOf(lemmasOf(alias)));
    // A name may go by a longer one: "Oscar" is the "Academy Award".
    if (entity) for (const words of synonymPhrases(t.text)) alternatives.push(words.map((w) => termOf(w)));
    const near = new Set<string>();
    // "passed away" says "die", "wiped out" says "destroy": a verb with its particle means what WordNet says the two mean.
    const phrasal = t.pos === 'VERB' ? phrasalVerb(tokens, i) : undefined;
    const meanings = phrasal ? [t.lemma, phrasal] : [t.lemma];
    // A name is matched by its WordNet synonyms and forms only ("Britain" / "UK", "Bangladeshis" / "Bangladesh").
    for (const w of entity ? nameForms(t.text) : meanings.flatMap((l) => [...nearWords(l), ...broaderWords(l, 1)]))
      near.add(termOf(w));
    near.delete(term);
    asked.push({ term, lemma: t.lemma, alternatives, near, entity });
  });
  // "Silicon Valley Bank" in the question also stands for its alias "SVB".
  for (const [long, shorts] of aliases) {
    if (long.split(' ').length < 2 || !` ${normal(question)} `.includes(` ${long} `)) continue;
    for (const short of shorts) {
      // An alias of several words ("Methadone Mile") is found word by word, as the passage's terms are.
      const words = termsOf(lemmasOf(short));
      const term = words.join(' ');
      if (words.length && !asked.some((a) => a.term === term))
        asked.push({ term, lemma: term, alternatives: [words], near: new Set(), entity: true });
    }
  }
  return { asked, said, type: answerTypeOf(tokens) };
}

/**
 * The engine's thresholds, tuned on the development half of the evaluation set
 * (api/test/ai-eval/agent-dev.ts): the cosine below which two words are not taken to mean the
 * same; the share of the question's words (by weight) the best sentence must say, in any words
 * and in its own or WordNet's; how many sentences an answer may quote; how many of the first
 * sentences by words are ranked again by meaning (those with this share of the best score by words
 * at least), and how much their meaning weighs beside their words (that share, plus this many
 * times its cosine).
 */
export const TUNING = {
  nearMeaning: 0.55,
  minCoverage: 0.3,
  minStrict: 0,
  minCoverageTyped: 0.3,
  minStrictTyped: 0.3,
  quoted: 3,
  typeWeight: 0.3,
  previousWeight: 0.5,
  reranked: 8,
  meaningFloor: 0.3,
  meaningWeight: 4,
};

/**
 * How well one sentence says what one asked word says: 1 in its own words, ½ in words WordNet
 * gives as meaning the same or more, and up to ½ by word vectors ("bones" for "skeletons").
 */
function strength(
  a: Asked,
  s: Pick<Sent, 'terms' | 'lemmas'>,
  vectors = true,
  worth: (asked: string, said: string) => number = () => 1,
): number {
  if (a.alternatives.some((alt) => alt.length > 0 && alt.every((t) => s.terms.includes(t)))) return 1;
  let best = 0;
  for (const t of s.terms) if (a.near.has(t) || sameRoot(a.term, t)) best = Math.max(best, 0.5 * worth(a.term, t));
  if (a.entity || !vectors) return best;
  for (const l of s.lemmas) {
    const sim = similarity(a.lemma, l);
    if (sim >= TUNING.nearMeaning) best = Math.max(best, Math.min(0.5, sim * 0.7) * worth(a.term, termOf(l)));
  }
  return best;
}

const K1 = 1.2;
const B = 0.75;
const bm25 = (tf: number, len: number, avg: number) => (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * len) / avg));
const idfOf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** A word in this many sentences is what the material is about, not what a sentence says. */
const TOPICAL = 3;
/** Rarer than this in everyday English (SUBTLEX-US rank), a word names a subject rather than says something of it. */
const RARE_RANK = 10_000;
/**
 * Documents read closely: the one the question is about, and the next ones at least DOCS_NEAR as
 * much about it by words (a reworded question's own document may rank below another's).
 */
const DOCS_READ = 8;
const DOCS_NEAR = 0.3;
const LONG_ANSWER = 450;
/** What all the sentences of an answer may add up to: an answer is read, not scrolled. */
const ANSWER_LENGTH = 620;

export type Ranked = {
  source: string;
  text: string;
  sent: Sent;
  score: number;
  coverage: number;
  /** The same, counting only the question's own words and WordNet's. */
  strict: number;
  typed: boolean;
  /** Each word the question asks beyond its subject, with its weight and how well this sentence says it. */
  matches: { lemma: string; weight: number; strength: number }[];
};

/** Every sentence of the documents the question is about, best first, with how much of the question it covers and whether it holds the expected type. */
export function rankSentences(
  question: string,
  passages: Passage[],
  cards: Card[],
): { ranked: Ranked[]; asked: Asked[]; type: AnswerType } {
  const none = { ranked: [], asked: [], type: { kind: 'any' as const } };
  const docs = [...cards.map(cardDoc), ...passages.map(passageDoc)];
  if (!docs.length) return none;
  const aliases = new Map<string, Set<string>>();
  for (const d of docs) for (const [k, v] of d.aliases) aliases.set(k, new Set([...(aliases.get(k) ?? []), ...v]));
  const { asked, said, type } = askedOf(question, aliases);
  if (!asked.length) return { ...none, type };

  // A name asked about that the material never mentions: the answer is not in it.
  const mentions = (d: Doc, a: Asked) =>
    a.alternatives.some((alt) => alt.every((t) => d.bag.has(t))) || [...a.near].some((t) => d.bag.has(t));
  const names = asked.filter((a) => a.entity);
  if (names.some((a) => !docs.some((d) => mentions(d, a)))) return { ...none, type };

  // --- 3. the document the question is about ---
  // Once per question, not once per document: a learner's material can be a thousand cards.
  const docIdf = new Map(
    asked.map((a) => [
      a,
      idfOf(docs.length, docs.filter((d) => a.alternatives.some((alt) => alt.every((t) => d.bag.has(t)))).length),
    ]),
  );
  const avgDoc = docs.reduce((s, d) => s + d.length, 0) / docs.length || 1;
  // The question is about a document that mentions every name it asks about.
  const docScores = docs
    .filter((d) => names.every((a) => mentions(d, a)))
    .map((d) => {
      let score = 0;
      for (const a of asked) {
        const idf = docIdf.get(a) ?? 0;
        const tf = Math.max(...a.alternatives.map((alt) => Math.min(...alt.map((t) => d.bag.get(t) ?? 0))));
        const nearTf = [...a.near].reduce((s, t) => s + (d.bag.get(t) ?? 0), 0);
        score += idf * bm25(tf + nearTf / 2, d.length, avgDoc) * (d.nameTerms.has(a.term) ? 2 : 1);
      }
      return { doc: d, score };
    });
  docScores.sort((x, y) => y.score - x.score);
  const top = docScores[0]?.score ?? 0;
  if (top <= 0) return { ...none, type };
  // A rare word of the question that only one passage holds ("axolotls") names what it is about:
  // that passage alone is read, when it is among the best (a word of its own far down is chance).
  const owns = (d: Doc, a: Asked) => a.alternatives.some((alt) => alt.every((t) => d.bag.has(t)));
  const owners = new Set(
    asked.flatMap((a) => {
      if (frequencyRank(a.lemma) < RARE_RANK) return [];
      const holding = docScores.filter((d) => owns(d.doc, a));
      return holding.length === 1 ? holding : [];
    }),
  );
  const sole = owners.size === 1 ? [...owners][0] : undefined;
  const read =
    sole && sole.score >= top * 0.6 ? [sole] : docScores.filter((d, i) => i < DOCS_READ && d.score >= top * DOCS_NEAR);

  // --- 4. its sentences ---
  const all = docs.flatMap((d) => d.sentences);
  const sentDf = new Map<string, number>();
  for (const s of all) for (const t of new Set(s.terms)) sentDf.set(t, (sentDf.get(t) ?? 0) + 1);
  const idf = (t: string) => idfOf(all.length, sentDf.get(t) ?? 0);
  // A word said in other words counts no more than the other word tells: "clock" matched in a story all about clocks tells little.
  const worth = (asked: string, said: string) =>
    (sentDf.get(said) ?? 0) < TOPICAL ? 1 : Math.min(1, idf(said) / (idf(asked) || 1));
  // Weighed by the names the material uses: a name it never says ("Swedish capital") is not rare, only absent.
  const weight = (a: Asked) => {
    const used = a.alternatives.filter((alt, i) => i === 0 || alt.every((t) => sentDf.has(t)));
    return Math.max(...used.map((alt) => Math.min(...alt.map(idf))));
  };
  const avgSent = all.reduce((s, x) => s + x.terms.length, 0) / all.length || 1;
  // How well each sentence says each asked word, vectors included: scoring and coverage both read it.
  const strengths = new Map<Sent, Map<Asked, number>>();
  const soft = (a: Asked, s: Sent) => {
    const row = strengths.get(s) ?? new Map<Asked, number>();
    strengths.set(s, row);
    const known = row.get(a);
    if (known !== undefined) return known;
    const v = strength(a, s, true, worth);
    row.set(a, v);
    return v;
  };

  const ranked: Ranked[] = [];
  for (const { doc, score: docScore } of read) {
    // What the question asks beyond naming the subject: the words the test's name and the question's names do not cover.
    const focus = asked.filter((a) => !a.entity && !doc.nameTerms.has(a.term));
    const focusWeight = focus.reduce((s, a) => s + weight(a), 0);
    const own = new Map<Sent, number>();
    const match = (s: Sent, of: Asked[]) => of.reduce((sum, a) => sum + weight(a) * soft(a, s), 0);
    for (const s of doc.sentences) own.set(s, match(s, asked) * bm25(1, s.terms.length, avgSent));
    for (const s of doc.sentences) {
      const score = (own.get(s) ?? 0) + TUNING.previousWeight * (s.prev ? (own.get(s.prev) ?? 0) : 0);
      const typed = holdsType(type, s.tokens, s.text, said);
      // The phrase of the asked type says the question's head in its own way: "raspberries" says "fruit", "925 °C" says "hot".
      const saidByType = (a: Asked) =>
        typed &&
        ((type.kind === 'instance' && type.head === a.lemma) ||
          (type.kind === 'number' && type.measure.includes(a.lemma)))
          ? 0.5
          : 0;
      const matches = focus.map((a) => ({
        lemma: a.lemma,
        weight: weight(a),
        strength: Math.max(soft(a, s), s.prev ? soft(a, s.prev) / 2 : 0, saidByType(a)),
      }));
      const covered = matches.reduce((sum, m) => sum + m.weight * m.strength, 0);
      const coverage = focusWeight ? covered / focusWeight : 1;
      const strictly = focus.reduce(
        (sum, a) =>
          sum + weight(a) * Math.max(strength(a, s, false), s.prev ? strength(a, s.prev, false) / 2 : 0, saidByType(a)),
        0,
      );
      const strict = focusWeight ? strictly / focusWeight : 1;
      const typeBonus = (typed ? 1 : isStrict(type) ? -1 : 0) * TUNING.typeWeight * (focusWeight || 1);
      const defines = type.kind === 'definition' && definesSubject(s, asked) ? focusWeight + 1 : 0;
      ranked.push({
        source: s.source,
        text: s.text,
        sent: s,
        score: (score + typeBonus + defines) * (docScore / top),
        coverage,
        strict,
        typed,
        matches,
      });
    }
  }
  ranked.sort((x, y) => y.score - x.score);
  return { ranked, asked, type };
}

/**
 * The snippets of the learner's material that answer the question: the best sentence, then the
 * next best while the whole stays short; empty when the best does not answer.
 */
export async function findRelevant({
  question,
  passages,
  cards,
  limit = 3,
}: {
  question: string;
  passages: Passage[];
  cards: Card[];
  limit?: number;
}): Promise<Found[]> {
  const { ranked: byWords, asked, type } = rankSentences(question, passages, cards);
  const ranked = await byMeaning(question, byWords);
  // --- 5. only a sentence that answers, then the next best beside it while the answer stays short ---
  const passes = (r: Ranked) =>
    isStrict(type)
      ? r.typed && r.coverage >= TUNING.minCoverageTyped && r.strict >= TUNING.minStrictTyped
      : r.coverage >= TUNING.minCoverage && r.strict >= TUNING.minStrict && (type.kind !== 'polar' || saysAll(r));
  // Decided on the best sentence alone: when it does not answer, a lower one that seems to is more often wrong than right.
  const first = ranked[0];
  if (!first || !passes(first)) return [];
  const out: Found[] = [];
  let length = 0;
  for (const r of ranked) {
    if (out.length >= Math.min(limit, TUNING.quoted)) break;
    const text = shorten(r.sent.text, asked);
    if (out.length && length + text.length > ANSWER_LENGTH) continue;
    out.push({ source: r.sent.source, text });
    length += text.length + 1;
  }
  return out;
}

/**
 * The first few sentences by words, ranked again with what each means as a whole beside what the
 * question means: a reworded question shares its meaning with its answer more than its words.
 */
async function byMeaning(question: string, ranked: Ranked[]): Promise<Ranked[]> {
  const best = ranked[0]?.score ?? 0;
  if (best <= 0 || ranked.length < 2) return ranked;
  // Meaning orders the sentences the words found near; it does not lift one they barely matched.
  const head = ranked.slice(0, TUNING.reranked).filter((r) => r.score >= best * TUNING.meaningFloor);
  // An encoder that cannot load (a broken install) leaves the word ranking standing, not the learner without an answer.
  const meanings = await meaningsOf([question, ...head.map((r) => inContext(r.sent))]).catch(() => undefined);
  if (!meanings) return ranked;
  const [asked, ...said] = meanings;
  const score = new Map(
    head.map((r, i) => [
      r,
      r.score / best + TUNING.meaningWeight * closeness(asked ?? new Float32Array(), said[i] ?? new Float32Array()),
    ]),
  );
  head.sort((x, y) => (score.get(y) ?? 0) - (score.get(x) ?? 0));
  return [...head, ...ranked.slice(head.length)];
}

/** A sentence that opens on a pronoun ("They were built in Chennai") means what it says of the sentence before. */
const inContext = (s: Sent) => (s.prev && s.tokens[0]?.pos === 'PRON' ? `${s.prev.text} ${s.text}` : s.text);

/**
 * A yes-or-no question is answered by a sentence that says the whole of what it asks, each word
 * in its own words or in others: one that says nothing of a part ("Are pets allowed to visit
 * patients?" beside a sentence on visitors and patients) can neither confirm nor deny it.
 */
const saysAll = (r: Ranked) => r.matches.length > 0 && r.matches.every((m) => m.strength > 0);

/** "LK-99 is a…", "The Tartus port, the second largest…": the sentence that says what the asked subject is. */
function definesSubject(s: Sent, asked: Asked[]): boolean {
  const names = asked.map((a) => a.term);
  const first = s.tokens.findIndex((t) => /^(is|are|was|were|refers|means)$/.test(t.text.toLowerCase()));
  if (first < 0 || first > 12) return false;
  return s.tokens.slice(0, first).some((t) => names.includes(termOf(t.lemma || t.text)));
}

/** An over-long sentence keeps only its clauses that hold what was asked. */
function shorten(text: string, asked: Asked[]): string {
  if (text.length <= LONG_ANSWER) return text;
  const clauses = text.split(/(?<=[;:])\s+|\s+[—–]\s+|(?<=,)\s+(?=(?:and|but|while|whereas|which|although)\s)/);
  const scored = clauses.map((c, i) => {
    const tokens = lemmasOf(c);
    const words = { terms: termsOf(tokens), lemmas: lemmasIn(tokens) };
    return { c, i, score: asked.reduce((sum, a) => sum + strength(a, words), 0) };
  });
  const kept: typeof scored = [];
  let length = 0;
  for (const c of [...scored].sort((x, y) => y.score - x.score || x.i - y.i)) {
    if (length + c.c.length > LONG_ANSWER && kept.length) continue;
    kept.push(c);
    length += c.c.length + 1;
  }
  return kept
    .sort((x, y) => x.i - y.i)
    .map((k) => k.c)
    .join(' … ');
}
