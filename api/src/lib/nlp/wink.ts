import model from 'wink-eng-lite-web-model';
import winkNLP from 'wink-nlp';
import { contentBlocks } from './content';
import { isVerb, nounFile } from './wordnet';

// The model ships inside the npm package: nothing is downloaded, and it loads once per process.
const nlp = winkNLP(model);
const its = nlp.its;
// The lite model carries a lemmatiser; the typings ask for add-ons it already has.
const lemmaOf = its.lemma as unknown as typeof its.value;

export type Token = { text: string; pos: string; lemma: string; space: string; stop: boolean };
export type Entity = { start: number; end: number; type: string };
export type Sentence = {
  /** Position in the passage, counting only sentences of its content. */
  index: number;
  /** Which paragraph of content it belongs to. */
  block: number;
  text: string;
  /** Tokens of this sentence; entity spans index into them. */
  tokens: Token[];
  entities: Entity[];
};

/**
 * The sentences of a passage's content, with parts of speech, lemmas and (numeric, date)
 * entities. Headings, source and licence lines, URLs and citation marks are not content: they
 * never become questions, cards or answers (see content.ts).
 */
/** How many round brackets the tokens (or characters) leave open: "(" counts one up, ")" one down. */
export function bracketDepth(texts: Iterable<string>): number {
  let depth = 0;
  for (const t of texts) depth += t === '(' ? 1 : t === ')' ? -1 : 0;
  return depth;
}

export function analyse(passage: string): Sentence[] {
  const out: Sentence[] = [];
  contentBlocks(passage).forEach((block, b) => {
    // Inside a paragraph a line break is only wrapping: read it as the space it stands for.
    out.push(...analyseBlock(block.replace(/\s*\n\s*/g, ' '), out.length, b));
  });
  return out;
}

/** Abbreviations inside a name or before one: "Warner Bros.", "Acme Corp.", "Mt. Hood", "Gen. Lee". */
const NAME_ABBREVIATION = /^(Bros|Corp|Co|Mt|Ft|St|Jr|Sr|Dr|Gov|Gen|Sen|Rep|Prof|Capt|Lt|Sgt|Col|Adm|Rev)$/;

function analyseBlock(passage: string, firstIndex: number, block: number): Sentence[] {
  const doc = nlp.readDoc(passage);
  const texts = doc.tokens().out() as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const lemmas = doc.tokens().out(lemmaOf) as string[];
  const spaces = doc.tokens().out(its.precedingSpaces) as string[];
  const stops = doc.tokens().out(its.stopWordFlag) as unknown as boolean[];
  const rawSpans = doc.sentences().out(its.span) as unknown as [number, number][];
  // "HTTP V0.9" is no sentence end: a sentence glued to the one before it belongs to it.
  const sentenceSpans: [number, number][] = [];
  for (const [s, e] of rawSpans) {
    const last = sentenceSpans.at(-1);
    // …and so does one that starts in lower case ("N.A. to take over").
    const lower = /^\p{Ll}/u.test(texts[s] ?? '');
    // …and so does one that opens inside a bracket the sentence before left open ("(lit. 'New League')", "William Jr.)").
    // A bracket never closed stays one: only a sentence that closes it is joined.
    const bracketed =
      !!last && bracketDepth(texts.slice(last[0], last[1] + 1)) > 0 && bracketDepth(texts.slice(s, e + 1)) < 0;
    // "Op. 39", "No. 5", "Vol. 2": a short abbreviation before a number ends no sentence.
    const numbered =
      !!last &&
      texts[last[1]] === '.' &&
      /^\p{Lu}\p{Ll}{0,2}$/u.test(texts[last[1] - 1] ?? '') &&
      /^\p{N}/u.test(texts[s] ?? '');
    // "Warner Bros. Studios", "Gen. Lee": a name's abbreviation ends no sentence when a name goes on after it.
    const abbreviated =
      !!last &&
      texts[last[1]] === '.' &&
      NAME_ABBREVIATION.test(texts[last[1] - 1] ?? '') &&
      pos[s] === 'PROPN' &&
      /^\p{Lu}/u.test(texts[s] ?? '');
    if (last && (lower || bracketed || numbered || abbreviated || (spaces[s] === '' && /^\p{N}/u.test(texts[s] ?? ''))))
      last[1] = e;
    else sentenceSpans.push([s, e]);
  }
  splitAfterAbbreviations(sentenceSpans, texts, pos);
  const entitySpans = doc.entities().out(its.span) as unknown as [number, number][];
  const entityTypes = doc.entities().out(its.type) as string[];

  return sentenceSpans.map(([start, end], index) => {
    const tokens: Token[] = [];
    for (let i = start; i <= end; i++) {
      tokens.push({
        text: texts[i] ?? '',
        pos: pos[i] ?? 'X',
        lemma: lemmas[i] ?? '',
        space: spaces[i] ?? '',
        stop: stops[i] ?? false,
      });
    }
    for (const t of tokens) if (CONTRACTION.test(t.text)) t.pos = 'PRON';
    retagVerbs(tokens);
    const entities: Entity[] = [];
    entitySpans.forEach(([s, e], k) => {
      if (s >= start && e <= end) entities.push({ start: s - start, end: e - start, type: entityTypes[k] ?? '' });
    });
    const text = spanText(tokens, 0, tokens.length - 1)
      .replace(/\s+/g, ' ')
      .trim();
    return { index: firstIndex + index, block, text, tokens, entities };
  });
}

/**
 * "The fire started at 9 a.m. Police closed the road": the full stop of "a.m." also ends its
 * sentence when a clause opens after it, a capitalised word with its verb or a pronoun ("9 a.m.
 * Eastern Time" goes on). So does the full stop of "37 °C." before any capital: no name goes on
 * from a temperature. The tagger reads the two as one.
 */
function splitAfterAbbreviations(spans: [number, number][], texts: string[], pos: string[]): void {
  const verb = (i: number) => /^(VERB|AUX)$/.test(pos[i] ?? '');
  for (let k = 0; k < spans.length; k++) {
    const [start, end] = spans[k] as [number, number];
    for (let i = start + 1; i < end - 1; i++) {
      if (!/^\p{Lu}/u.test(texts[i + 1] ?? '')) continue;
      const degrees = texts[i - 1] === '°' && /^[CFK]\.$/.test(texts[i] ?? '');
      if (!degrees && !/^[ap]\.m\.$/i.test(texts[i] ?? '')) continue;
      const opens =
        degrees ||
        /^(PRON|DET)$/.test(pos[i + 1] ?? '') ||
        verb(i + 2) ||
        (verb(i + 3) && /^\p{Lu}/u.test(texts[i + 2] ?? ''));
      if (!opens) continue;
      spans.splice(k, 1, [start, i], [i + 1, end]);
      break;
    }
  }
}

/** The "-s" form regular English makes: a noun's plural, a verb's third person ("ferry" → "ferries", "finish" → "finishes"). */
export const sForm = (w: string) =>
  /[^aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : /(s|x|z|ch|sh)$/.test(w) ? `${w}es` : `${w}s`;

/** "I'm", "we've", "they'll": a pronoun with its verb, which the model may read as a name ("I'm" among the cooks). */
const CONTRACTION = /^(i|you|we|they|he|she|it)['’](m|re|ve|d|ll)$/i;

/** "pumps", "cells": a word in its "-s" form, a verb's third person or a noun's plural. */
export const inSForm = (t: Token) => /s$/i.test(t.text) && t.text.toLowerCase() !== t.lemma.toLowerCase();

const DETERMINER = /^(the|a|an|its|their)$/i;
const PARTICIPLE_OBJECT = /^(it|them|the|a|an|its|their|this|these)$/i;
const MODAL = /^(can|could|may|might|must|shall|should|will|would)$/i;
const SUBORDINATOR = /^(when|if|although|though|whereas|unless|because)$/i;

/**
 * "Most countries measure inflation with…", "T cells travel to the thymus": a plural noun that
 * opens a noun phrase, then a plain form WordNet knows as a verb, in a clause with no verb tagged
 * and more words after it: the plural is the subject, the plain form its verb ("sports car" is
 * no clause of its own).
 */
function pluralsVerb(tokens: Token[], i: number): boolean {
  const t = tokens[i] as Token;
  const subject = tokens[i - 1] as Token;
  if (inSForm(t) || !inSForm(subject) || tokens[i - 2]?.pos === 'NOUN') return false;
  const clauseEnd = (w: Token | undefined) => !w || /^[,;:.!?]$/.test(w.text);
  if (clauseEnd(tokens[i + 1])) return false;
  let start = i;
  while (start > 0 && !clauseEnd(tokens[start - 1])) start--;
  let end = i;
  while (end < tokens.length - 1 && !clauseEnd(tokens[end + 1])) end++;
  // "Amber-backed shrews breed…": a participle after a hyphen is part of an adjective, no verb of the clause.
  const inCompound = (k: number) => tokens[k - 1]?.text === '-' && tokens[k - 1]?.space === '';
  return !tokens.slice(start, end + 1).some((w, k) => (w.pos === 'VERB' && !inCompound(start + k)) || w.pos === 'AUX');
}

/**
 * "Adult trout return from the lake … and swim upstream": a plain form WordNet knows as a verb
 * after the noun phrase that opens the sentence, before what a verb takes ("from the lake", "up the
 * river"), with no verb tagged before "and", a comma or the end: the phrase is the subject, the
 * plain form its verb ("The tax return from 2019 was lost" has its verb).
 */
function opensWithVerb(tokens: Token[], i: number): boolean {
  if (inSForm(tokens[i] as Token) || !/^(ADP|ADV|DET|PART)$/.test(tokens[i + 1]?.pos ?? '')) return false;
  // Before it only the subject: a determiner, adjectives and nouns (an opening capital may be read as a name).
  if (!tokens.slice(0, i).every((w, k) => /^(DET|ADJ|NOUN)$/.test(w.pos) || (k === 0 && w.pos === 'PROPN')))
    return false;
  for (const w of tokens.slice(i + 1)) {
    if (w.pos === 'VERB' || w.pos === 'AUX') return false;
    if (w.pos === 'CCONJ' || w.pos === 'SCONJ' || w.pos === 'PUNCT') return true;
  }
  return true;
}

/**
 * "Rinse the gravel", "Once a month, rinse the filter sponge": a plain form WordNet knows as a verb
 * that opens the sentence, or its clause after a phrase with no verb, before a determiner or "it" is
 * an instruction (the lite model reads "rinse" as a noun and a name, and a test swapped it for "ammonia").
 */
function instructs(tokens: Token[], i: number): boolean {
  const t = tokens[i] as Token;
  if (!/^(NOUN|PROPN)$/.test(t.pos) || !PARTICIPLE_OBJECT.test(tokens[i + 1]?.text ?? '')) return false;
  const word = t.text.toLowerCase();
  if (word !== t.lemma.toLowerCase() || !isVerb(word) || inSForm(t)) return false;
  if (i === 0) return true;
  const opening = tokens.slice(0, i - 1);
  return tokens[i - 1]?.text === ',' && opening.length > 0 && !opening.some((w) => /^(VERB|AUX|PUNCT)$/.test(w.pos));
}

/** "corroding" → "corrode", "dredging" → "dredge", "cutting" → "cut": an "-ing" form of a verb WordNet knows. */
export const ingVerb = (word: string) => {
  const stem = /^(\p{L}+)ing$/iu.exec(word)?.[1]?.toLowerCase();
  return !!stem && [stem, `${stem}e`, stem.replace(/(\p{L})\1$/u, '$1')].some(isVerb);
};

/**
 * The lite model reads some verbs as nouns ("the base of the glacier scrape the valley floor", "As
 * a glacier moves, it erodes", "an organ that pumps blood"), and a question then blanks "glacier
 * scrape". A noun WordNet knows as a verb is one:
 * - after a noun, before "the", "a", "its" or "their" (no noun phrase goes on into "the"), or before
 *   a particle with an object after it ("Enzymes speed up reactions"), or in its
 *   "-s" form after "a" and a singular noun with no noun after it ("a car parts supplier" keeps its noun),
 *   or in its plain form after a plural that opens a clause with no other verb (`pluralsVerb`), or
 *   after the phrase that opens the sentence, before a preposition, with no verb before "and" (`opensWithVerb`);
 * - after "who", "which" or "that", before a determiner or "it", or before a noun in its "-s" form or,
 *   after a plural ("cells that release antibodies"), in its plain form;
 * - after "and", "or" or "but", before "it", or in its "-s" form before an adverb, a determiner, a
 *   number or a pronoun ("and pumps roughly five litres", "nothing but wedge it");
 * - in its "-s" form after a year, before a determiner ("approved in 2009 limits the …");
 * - in its "-ing" form after a comma, before a determiner or "it" ("…, corroding the steel");
 * - in its plain form before a determiner after a plural read as a verb, which becomes the noun,
 *   after "when", "if" or a comma ("When engineers dredge a river");
 * - in its plain form before its object, opening an instruction (`instructs`).
 */
function retagVerbs(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    if (instructs(tokens, i)) t.pos = 'VERB';
    // "Christophorus Buys Ballot": a capital inside a name is the name's, though it reads as "buys".
    if (
      t.pos === 'VERB' &&
      i > 0 &&
      /^\p{Lu}\p{Ll}/u.test(t.text) &&
      tokens[i - 1]?.pos === 'PROPN' &&
      tokens[i + 1]?.pos === 'PROPN'
    )
      t.pos = 'PROPN';
    const before = tokens[i - 1];
    const after = tokens[i + 1];
    // "Surfers have ridden it": after "have" as an auxiliary, a participle before its object, though
    // WordNet files only "ride".
    const perfect = before?.pos === 'AUX' && /^(have|has|had)$/i.test(before.text);
    if (t.pos === 'NOUN' && perfect && /(en|ed|wn)$/i.test(t.text) && PARTICIPLE_OBJECT.test(after?.text ?? ''))
      t.pos = 'VERB';
    // "the animal can rehydrate and become active": a plain form right after a modal is its verb,
    // whether or not WordNet files it ("rehydrate").
    if (
      t.pos === 'NOUN' &&
      MODAL.test(before?.text ?? '') &&
      before?.pos === 'AUX' &&
      /^\p{Ll}+$/u.test(t.text) &&
      !inSForm(t)
    )
      t.pos = 'VERB';
    if (t.pos !== 'NOUN' || !before || !(isVerb(t.lemma) || ingVerb(t.text))) return;
    const sForm = inSForm(t);
    const objectNext = /^(it|them)$/i.test(after?.text ?? '');
    const determinerNext = DETERMINER.test(after?.text ?? '');
    const nextPos = after?.pos ?? '';
    let verb = false;
    if (/^(and|or|but)$/i.test(before.text)) verb = objectNext || (sForm && /^(ADV|DET|NUM|PRON)$/.test(nextPos));
    // "…for years, corroding the steel": after a comma, an "-ing" form before its object opens a clause.
    else if (before.text === ',') verb = /ing$/i.test(t.text) && (determinerNext || objectNext);
    else if (before.pos === 'VERB' && inSForm(before) && !sForm && determinerNext && nounFile(before.lemma)) {
      // "When engineers dredge a river channel": the "-s" word after "when" is the subject, the plain form its verb.
      const opener = tokens[i - 2];
      verb = !opener || opener.text === ',' || SUBORDINATOR.test(opener.text);
      if (verb) before.pos = 'NOUN';
    } else if (/^(who|which|that)$/i.test(before.text)) {
      // "cells that release antibodies": the plain form agrees with a plural before "that".
      const subject = tokens[i - 2];
      const pluralBefore = subject?.pos === 'NOUN' && inSForm(subject) && !sForm;
      verb = determinerNext || objectNext || ((sForm || pluralBefore) && /^(NOUN|ADJ)$/.test(nextPos));
    } else if (before.pos === 'NUM' && /^\d{4}$/.test(before.text)) {
      // "A constitutional amendment approved in 2009 limits the federal government": after a year.
      verb = sForm && determinerNext;
    } else if (before.pos === 'NOUN' || (before.pos === 'PROPN' && i === 1)) {
      const singularAfterA =
        /^an?$/i.test(tokens[i - 2]?.text ?? '') && before.text.toLowerCase() === before.lemma.toLowerCase();
      // "Enzymes speed up reactions": a particle with an object after it makes a phrasal verb.
      const phrasal =
        /^(up|down|out|off)$/i.test(after?.text ?? '') && /^(DET|NOUN|ADJ|PRON)$/.test(tokens[i + 2]?.pos ?? '');
      verb =
        determinerNext ||
        phrasal ||
        (sForm && singularAfterA && nextPos !== 'NOUN') ||
        pluralsVerb(tokens, i) ||
        opensWithVerb(tokens, i);
    }
    if (verb) t.pos = 'VERB';
  });
  // "when the costs of production rise, …": a clause "when" or "if" opens has a verb; with none
  // tagged, its last noun that WordNet knows as a verb is that verb.
  tokens.forEach((t, i) => {
    if (!SUBORDINATOR.test(t.text) || /^of$/i.test(tokens[i + 1]?.text ?? '')) return;
    let end = i + 1;
    while (end < tokens.length && !/^[,;:.!?]$/.test(tokens[end]?.text ?? '')) end++;
    const clause = tokens.slice(i + 1, end);
    if (clause.length < 3 || clause.some((w) => w.pos === 'VERB' || w.pos === 'AUX')) return;
    const last = clause.at(-1) as Token;
    if (last.pos === 'NOUN' && clause.at(-2)?.pos === 'NOUN' && isVerb(last.lemma)) last.pos = 'VERB';
  });
}

/** Tokens s..e joined as they were written (the spaces before each, except the first). */
export function spanText(tokens: Token[], s: number, e: number): string {
  let out = '';
  for (let i = s; i <= e; i++) out += (i === s ? '' : (tokens[i]?.space ?? '')) + (tokens[i]?.text ?? '');
  return out;
}

/**
 * "ventilator" and "ventilation" (stem "ventil"), "crossed" and "crossing": one term begins with
 * the whole of the other, a root of five letters or more, which WordNet does not always link.
 */
export const sameRoot = (x: string, y: string) =>
  x !== y && Math.min(x.length, y.length) >= 5 && (x.startsWith(y) || y.startsWith(x));

/** Lemmas of a short text (a question), lower-cased. */
export function lemmasOf(text: string): { text: string; lemma: string; pos: string; stop: boolean }[] {
  const doc = nlp.readDoc(text);
  const texts = doc.tokens().out() as string[];
  const lemmas = doc.tokens().out(lemmaOf) as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const stops = doc.tokens().out(its.stopWordFlag) as unknown as boolean[];
  return texts.map((t, i) => ({
    text: t,
    lemma: (lemmas[i] ?? t).toLowerCase(),
    pos: pos[i] ?? 'X',
    stop: !!stops[i],
  }));
}

/** Splits plain text into sentences the way the engine does, content only. */
export function sentencesOf(passage: string): string[] {
  const out: string[] = [];
  for (const block of contentBlocks(passage)) {
    out.push(...(nlp.readDoc(block).sentences().out() as string[]).map((s) => s.replace(/\s+/g, ' ').trim()));
  }
  return out.filter(Boolean);
}
