import { declaredAliases, isAcronym, normal } from './aliases';
import { analyse, lemmasOf } from './wink';

/**
 * Finds the sentences and cards of a learner's own material that answer a question: BM25 over
 * lemmas (so "failed" finds "fail"), stop words ignored, a few families of words that say the
 * same thing ("fail", "collapse", "failure"), phrases (two query words side by side score
 * more), and entities: a name or acronym the question asks about must be in the snippet, or
 * one of its aliases the material declares ("SVB" ↔ "Silicon Valley Bank").
 */

export type Passage = { key: string; source: string; text: string };
export type Card = { source: string; question: string; answer: string };
export type Found = { source: string; text: string };

// Words a question is made of that say nothing about its topic.
const QUESTION_WORDS = new Set(
  'what which who whom whose when where why how do does did is are was were be been can could should would will explain tell describe define definition mean meaning means simple simply term terms please give example know understand word words idea happen happened plain language briefly short kid child me us about usually often typically generally commonly mainly mostly really actually'.split(
    ' ',
  ),
);

// Families of words that name the same idea; each maps to its first word.
const FAMILIES = [
  'fail failure collapse bankrupt bankruptcy insolvent insolvency fold',
  'cause reason because lead due why',
  'found establish create set start begin launch',
  'grow growth increase rise expand expansion',
  'fall decline decrease drop shrink contraction contract',
  'big large great huge major',
  'small little minor tiny',
  'country nation state',
  'kill death die dead',
  'build construct construction',
  'invent invention inventor',
  'develop development',
  'slow slowdown slowing',
  'produce make generate manufacture production',
  'use utilize usage employ',
  'economy economic',
  'politic politics political',
  'govern government',
  'elect election vote',
  'war conflict fighting',
  'independence independent',
  'job employment unemployment work',
  'money currency cash fund funding',
  'price inflation cost',
  'measure measurement',
  'define definition mean meaning',
  'heat temperature warm hot hotter warmer',
  'probability likelihood chance odds',
  'reject rejection',
  'flee fled escape leave',
  'error mistake',
  'rule law',
  'leader president ruler head',
  'old ancient early',
  'people population citizen inhabitant',
  'trade export import',
  'rich wealthy wealth prosperous',
  'poor poverty',
].map((f) => f.split(' '));
const FAMILY = new Map<string, string>();
for (const f of FAMILIES) for (const w of f) if (!FAMILY.has(w)) FAMILY.set(w, f[0] as string);

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

/** The term a word counts as: its family's head, else its stem. */
export function termOf(lemma: string): string {
  const w = lemma.toLowerCase().replace(/[’']s$/, '');
  return FAMILY.get(w) ?? stem(w);
}

type Indexed = {
  source: string;
  text: string;
  next?: string;
  terms: string[];
  raw: Set<string>;
  /** Terms of the test's or card's name: a sentence of a test on Peru is about Peru even when it does not say so. */
  context: string[];
  /** Terms of the sentence before it in the paragraph, where its "he" or "it" was named. */
  near?: string[];
  /** A card's own question: a card asking exactly what the learner asks is the answer. */
  question?: string;
};

function indexTokens(tokens: { text: string; lemma: string; pos: string; stop: boolean }[]) {
  const terms: string[] = [];
  const raw = new Set<string>();
  for (const t of tokens) {
    if (t.pos === 'PUNCT' || t.pos === 'SYM' || !/[\p{L}\p{N}]/u.test(t.text)) continue;
    raw.add(normal(t.text));
    if (t.stop && !FAMILY.has(t.lemma.toLowerCase())) continue;
    const term = termOf(t.lemma || t.text);
    if (term) terms.push(term);
  }
  return { terms, raw };
}

// Passages are analysed once and kept: a test's text never changes after it is made.
const passageCache = new Map<string, { items: Indexed[]; aliases: Map<string, Set<string>> }>();
const cardCache = new Map<string, Indexed>();
const CACHE_LIMIT = 2000;
const remember = <K, V>(map: Map<K, V>, key: K, value: V) => {
  if (map.size >= CACHE_LIMIT) map.delete(map.keys().next().value as K);
  map.set(key, value);
  return value;
};

const nameTerms = (source: string) =>
  lemmasOf(source)
    .filter((t) => !t.stop && /[\p{L}\p{N}]/u.test(t.text))
    .map((t) => termOf(t.lemma));

function indexPassage(p: Passage) {
  const key = `${p.key}:${p.text.length}`;
  const hit = passageCache.get(key);
  if (hit) return hit;
  const sentences = analyse(p.text);
  const context = nameTerms(p.source);
  const indexedTokens = sentences.map((s) => indexTokens(s.tokens));
  const items = sentences.map((s, i) => {
    const next = sentences[i + 1];
    const prev = sentences[i - 1];
    return {
      source: p.source,
      text: s.text,
      next: next && next.block === s.block ? next.text : undefined,
      context,
      near: prev && prev.block === s.block ? indexedTokens[i - 1]?.terms : undefined,
      ...(indexedTokens[i] as ReturnType<typeof indexTokens>),
    };
  });
  return remember(passageCache, key, { items, aliases: declaredAliases(p.text) });
}

function indexCard(c: Card): Indexed {
  const key = `${c.source}\n${c.question}\n${c.answer}`;
  const hit = cardCache.get(key);
  if (hit) return hit;
  const { terms, raw } = indexTokens(lemmasOf(`${c.question} ${c.answer}`));
  return remember(cardCache, key, { source: c.source, text: c.answer, terms, raw, context: [], question: c.question });
}

/** One thing the question asks about, with the ways the material may say it. */
type Concept = {
  alternatives: string[][];
  entity: boolean /** Joined to the concept before by "of". */;
  ofPrevious?: boolean;
};

function conceptsOf(question: string, aliases: Map<string, Set<string>>): Concept[] {
  const tokens = lemmasOf(question);
  const out: Concept[] = [];
  let sawOf = false;
  tokens.forEach((t, i) => {
    if (t.text.toLowerCase() === 'of') sawOf = out.length > 0;
    if (t.pos === 'PUNCT' || t.pos === 'SYM' || !/[\p{L}\p{N}]/u.test(t.text)) return;
    const lemma = t.lemma.toLowerCase();
    if (QUESTION_WORDS.has(lemma) || QUESTION_WORDS.has(t.text.toLowerCase())) return;
    if (t.stop && !FAMILY.has(lemma)) return;
    const entity = (i > 0 && /^\p{Lu}/u.test(t.text)) || isAcronym(t.text) || /^\d{3,4}$/.test(t.text);
    const alternatives = [[termOf(lemma)]];
    for (const alias of aliases.get(normal(t.text)) ?? []) {
      alternatives.push(
        lemmasOf(alias)
          .filter((a) => !a.stop && /[\p{L}\p{N}]/u.test(a.text))
          .map((a) => termOf(a.lemma)),
      );
    }
    out.push({ alternatives, entity, ofPrevious: sawOf && tokens[i - 1]?.text.toLowerCase() !== 'of' ? false : sawOf });
    sawOf = false;
  });
  // "Silicon Valley Bank" in the question also stands for its alias "SVB".
  for (const [long, shorts] of aliases) {
    if (long.split(' ').length < 2 || !` ${normal(question)} `.includes(` ${long} `)) continue;
    for (const short of shorts) out.push({ alternatives: [[termOf(short.toLowerCase())]], entity: false });
  }
  return out;
}

const has = (item: Indexed, terms: string[]) => terms.every((t) => item.terms.includes(t));

/** "the population of Canada": both words must stand close together, not merely share a sentence. */
function farApart(item: Indexed, a: string, b: string): boolean {
  const pa = item.terms.flatMap((t, i) => (t === a ? [i] : []));
  const pb = item.terms.flatMap((t, i) => (t === b ? [i] : []));
  if (!pa.length || !pb.length) return false;
  return !pa.some((i) => pb.some((j) => Math.abs(i - j) <= 1));
}

const ASKS_WHAT =
  /^\s*(?:what\s+(?:is|are|was|were|does|do)\s+|explain\s+|define\s+|describe\s+|who\s+(?:is|was)\s+)(?:an?\s+|the\s+)?(.+?)(?:\s+(?:mean|in simple terms|simply|in plain words))?\s*[?.!]*\s*$/i;
/** What "What is X?", "Explain X" or "Define X" asks about, normalised; undefined for other questions. */
function topicOf(question: string): string | undefined {
  const m = ASKS_WHAT.exec(question);
  return m?.[1] ? normal(m[1]).replace(/^(a|an|the) /, '') : undefined;
}

const stripAsides = (s: string) => s.replace(/\s*\([^)]*\)/g, '');

/** The sentence that defines what the question asks about ("X is …") answers "What is X?" best. */
function definesTopic(item: Indexed, topic: string | undefined): number {
  if (!topic) return 0;
  const text = ` ${normal(stripAsides(item.text))} `;
  const m = new RegExp(
    `(^|\\S+) (?:(?:a|an|the) )?${topic} (?:is|are|was|were|refers to|means|describes) (a|an|the|one)?`,
  ).exec(text);
  if (!m || /^(of|for|in|on|at|by|with|from|to)$/.test(m[1] ?? '')) return 0;
  // "X is a …" defines X; "X is specific to …" only says something about it.
  return (m[2] ? 2 : 1) + (m[1] === '' ? 1 : 0);
}
const inContext = (item: Indexed, terms: string[]) =>
  terms.every((t) => item.context.includes(t) || item.terms.includes(t) || item.near?.includes(t));

/**
 * The snippets of the learner's material that answer the question, best first; empty when
 * nothing covers at least `minCoverage` of what was asked (by IDF weight) with every entity
 * it names.
 */
export function findRelevant({
  question,
  passages,
  cards,
  limit = 3,
  minCoverage = 0.55,
}: {
  question: string;
  passages: Passage[];
  cards: Card[];
  limit?: number;
  minCoverage?: number;
}): Found[] {
  const indexed = passages.map(indexPassage);
  const aliases = new Map<string, Set<string>>();
  for (const p of indexed) for (const [k, v] of p.aliases) aliases.set(k, new Set([...(aliases.get(k) ?? []), ...v]));
  const items: Indexed[] = [...cards.map(indexCard), ...indexed.flatMap((p) => p.items)];
  const concepts = conceptsOf(question, aliases);
  if (!items.length || !concepts.length) return [];
  const topic = topicOf(question);

  const n = items.length;
  const df = new Map<string, number>();
  for (const it of items) for (const t of new Set(it.terms)) df.set(t, (df.get(t) ?? 0) + 1);
  const known = new Set([...df.keys(), ...items.flatMap((it) => it.context)]);
  const idf = (t: string) => Math.log(1 + (n - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5));
  const conceptIdf = (c: Concept) => Math.max(...c.alternatives.map((a) => Math.min(...a.map(idf))));
  // A name asked about that the material never mentions: the answer is not in it.
  if (concepts.some((c) => c.entity && c.alternatives.every((a) => a.some((t) => !known.has(t))))) return [];
  const total = concepts.reduce((s, c) => s + conceptIdf(c), 0) || 1;
  const avg = items.reduce((s, it) => s + it.terms.length, 0) / n || 1;
  const k1 = 1.2;
  const b = 0.75;

  const hits: { item: Indexed; score: number }[] = [];
  for (const item of items) {
    let matched = 0;
    let count = 0;
    let score = 0;
    let entitiesOk = true;
    let apart = false;
    concepts.forEach((c, i) => {
      const before = concepts[i - 1];
      if (c.ofPrevious && before && farApart(item, before.alternatives[0]?.[0] ?? '', c.alternatives[0]?.[0] ?? ''))
        apart = true;
    });
    for (const c of concepts) {
      const alt = c.alternatives.find((a) => has(item, a));
      if (!alt) {
        // Named by the test itself: the entity is satisfied, at half the weight.
        // Named in the sentence just before ("his resignation" after "FUJIMORI's election"): nearly as good.
        if (c.alternatives.some((a) => a.every((t) => item.near?.includes(t) || item.terms.includes(t)))) {
          matched += conceptIdf(c) * 0.75;
          count += 0.75;
        } else if (c.alternatives.some((a) => inContext(item, a))) {
          matched += conceptIdf(c) / 2;
          count += 0.5;
        } else if (c.entity) entitiesOk = false;
        continue;
      }
      const w = conceptIdf(c);
      matched += w;
      count += 1;
      const f = item.terms.filter((t) => t === alt[0]).length || 1;
      score += (w * f * (k1 + 1)) / (f + k1 * (1 - b + (b * item.terms.length) / avg));
    }
    // Most of what was asked, by weight and by count: one rare word alone is no answer.
    // With two words asked, both must be there; with more, most of them.
    const countNeeded = concepts.length <= 2 ? 1 : minCoverage;
    if (!entitiesOk || apart || matched / total < minCoverage || count / concepts.length < countNeeded) continue;
    score += 50 * definesTopic(item, topic);
    if (item.question && topic && topicOf(item.question) === topic) score += 150;
    // "Explain the FDIC": the sentence that spells the name out says what it is.
    if (
      topic &&
      [...(aliases.get(topic) ?? [])].some(
        (a) => a.includes(' ') && ` ${normal(item.text)} `.includes(` ${normal(a)} `),
      )
    )
      score += 50;
    // Words of the question side by side in the snippet: a phrase, worth more.
    for (let i = 0; i + 1 < concepts.length; i++) {
      const a = concepts[i]?.alternatives[0]?.[0];
      const bTerm = concepts[i + 1]?.alternatives[0]?.[0];
      const at = a ? item.terms.indexOf(a) : -1;
      if (at >= 0 && item.terms[at + 1] === bTerm) score += 0.5;
    }
    hits.push({ item, score: score + matched / total });
  }
  hits.sort((x, y) => y.score - x.score);
  const out: Found[] = [];
  for (const { item } of hits) {
    if (out.length >= limit) break;
    if (out.some((o) => o.text.includes(item.text))) continue;
    out.push({ source: item.source, text: item.next && out.length === 0 ? `${item.text} ${item.next}` : item.text });
  }
  return out;
}
