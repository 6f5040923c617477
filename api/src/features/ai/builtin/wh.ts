import { frequencyRank, isFieldTerm, isGenericPhrase } from '../../../lib/nlp/frequency';
import { COUNTRY_NAMES, PLACES, TITLES } from '../../../lib/nlp/gazetteer';
import { opensOnClockTime } from '../../../lib/nlp/quantities';
import { lemmasOf, sForm, spanText, type Token } from '../../../lib/nlp/wink';
import {
  isAlwaysPerson,
  isAmountNoun,
  isCommonWord,
  isMindVerb,
  isPlaceName,
  nearWords,
  takesClause,
} from '../../../lib/nlp/wordnet';
import { type Candidate, emptyNameContext, type NameContext } from './candidates';

// Built from wink-nlp's parse: parts of speech find the subject and its verb, lemmas give the
// verb's base form after "did". Only two shapes are made, both checked by isGrammaticalWh:
//   subject questions  "Codd introduced the first normal form in 1970." → "Who introduced …?"
//   year questions     "Japan joined the TPP negotiations in 2013." → "In which year did Japan join …?"

const AUX = new Set([
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
  'had',
  'can',
  'could',
  'will',
  'would',
  'may',
  'might',
  'must',
  'should',
  'does',
  'do',
  'did',
]);
const PRONOUN_SUBJECT = /^(it|this|that|these|those|they|he|she|we|you|i|there|its|their|his|her|such)$/i;

const isFiniteVerb = (t: Token | undefined, next?: Token) =>
  !!t &&
  ((t.pos === 'AUX' && AUX.has(t.text.toLowerCase())) ||
    (t.pos === 'VERB' &&
      t.text.toLowerCase() !== t.lemma.toLowerCase() &&
      !/ing$/.test(t.text) &&
      // "frozen", "shown": a past participle, never a verb of its own ("froze", "showed" are).
      !/(en|wn)$/.test(t.text) &&
      // "struggles immersed": a plural noun the model took for a verb, before the real verb.
      !(/s$/.test(t.text) && next?.pos === 'VERB')));

function whWord(c: Candidate): string {
  switch (c.kind) {
    case 'person':
      return 'Who';
    case 'place':
      return COUNTRY_NAMES.has(c.text.toLowerCase()) ? 'Which country' : 'Which place';
    case 'org':
      return 'Which organisation';
    default:
      // "Grace offered to read it aloud", "Fenmoor Water pleaded guilty": what speaks, thinks or
      // feels is someone or a body of people, asked "Who", whichever the name is.
      if (c.kind === 'name' && saysOrThinks(c)) return 'Who';
      // "The regional transport minister led the ceremony", "the Tenant may end the tenancy": a noun
      // WordNet files under person in each of its commonest senses is someone, written with a capital or not.
      return (c.kind.startsWith('np:') || c.kind === 'name') && isAlwaysPerson(c.sentence.tokens[c.end]?.lemma ?? '')
        ? 'Who'
        : 'What';
  }
}

/** The name is the subject of a verb of saying, thinking or feeling ("said", "had offered", "pleaded"). */
function saysOrThinks(c: Candidate): boolean {
  const { tokens } = c.sentence;
  const next = tokens[c.end + 1]?.pos === 'AUX' ? tokens[c.end + 2] : tokens[c.end + 1];
  return next?.pos === 'VERB' && isMindVerb(next.lemma);
}

/** Words that join a sentence to the one before it; asked on its own, a question leaves them out. */
const CONNECTIVE =
  /^(as a (result|consequence)|(for|by|in) (comparison|contrast)|however|therefore|thus|hence|consequently|instead|meanwhile|concurrently|similarly|likewise|moreover|furthermore|additionally|in addition|nevertheless|nonetheless|for (example|instance)|in turn|otherwise|indeed)$/i;

/** The index of the comma after a sentence's opening connective ("Moreover, …"), or -1. */
export function connectiveComma(tokens: Token[]): number {
  const comma = tokens.findIndex((t) => t.text === ',');
  return comma > 0 && comma <= 3 && CONNECTIVE.test(spanText(tokens, 0, comma - 1)) ? comma : -1;
}

const tidy = (s: string) =>
  s
    .replace(/\s+([,.;:!?)])/g, '$1')
    .replace(/\(\s+/g, '(')
    .replace(/\s+/g, ' ')
    .replace(/[,;:\s]+\?$/, '?')
    // "moving in.": the tagger's token kept the sentence's full stop.
    .replace(/(\s\p{Ll}+)\.\?$/u, '$1?')
    // "6 °C.?": a unit's token kept it too; an abbreviation ("U.S.?") keeps its own.
    .replace(/(\s°?\p{Lu}?\p{Ll}*)\.\?$/u, (all, word: string) => (/^\s°|^\s\p{Ll}/u.test(word) ? `${word}?` : all))
    .trim();

/** Tokens i..j as written, without a closing full stop. */
const rest = (tokens: Token[], i: number, j = tokens.length - 1) => {
  let end = j;
  while (end >= i && /^[.!?]$/.test(tokens[end]?.text ?? '')) end--;
  return end >= i ? spanText(tokens, i, end) : '';
};

/** "between 5 and 30 centimetres", "between the river and the hills": the "and" closes a range, it opens no clause. */
function endsBetween(tokens: Token[], and: number): boolean {
  for (let k = and - 1; k >= Math.max(0, and - 4); k--) {
    const t = tokens[k] as Token;
    if (/^between$/i.test(t.text)) return true;
    if (/^[,;:]$/.test(t.text) || t.pos === 'VERB' || t.pos === 'AUX') return false;
  }
  return false;
}

/**
 * Where the clause the question is about ends: at a semicolon or colon, or before "and"/"but"
 * that opens a new clause with its own subject ("…, and the rapid economic growth … began").
 */
function clauseEnd(tokens: Token[], from: number): number {
  for (let k = from; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.text === ';' || t.text === ':') return k - 1;
    // ", which have accounted for…", ", leaving it vulnerable…", ", after he was found…": an aside
    // the question can leave out; a teacher asks the clause, not the paragraph.
    if (t.text === ',' && k > from + 2 && opensAside(tokens[k + 1], tokens[k + 2])) return k - 1;
    // ", and by 2014 more than 274 million workers had relocated…": ", and" before a verb of its own opens a clause.
    if (t.text === ',' && tokens[k + 1]?.pos === 'CCONJ' && k > from + 2) {
      // Not the last item of a list whose relative clause has the verb ("diesel, gasoline, and fuel oil which have…").
      const verbAhead = tokens.slice(k + 2).findIndex(
        (w, m) =>
          /^[;,]$/.test(w.text) ||
          /^(which|that|who|whom|whose)$/i.test(w.text) ||
          w.pos === 'AUX' ||
          isFiniteVerb(w, tokens[k + 3 + m]) ||
          // "…, and 23 of them survive": a plain verb right after its subject is in the present.
          (w.pos === 'VERB' && /^(NOUN|PRON|PROPN)$/.test(tokens[k + 1 + m]?.pos ?? '')),
      );
      const found = tokens[k + 2 + verbAhead];
      if (verbAhead >= 0 && found && !/^[;,]$/.test(found.text) && !/^(which|that|who|whom|whose)$/i.test(found.text))
        return k - 1;
    }
    // ", but", ", while" and ", so" nearly always open a clause of their own.
    if (/^(but|while|whereas|although|so)$/i.test(t.text) && tokens[k - 1]?.text === ',') return k - 2;
    if (t.pos !== 'CCONJ' && !/^(while|whereas)$/i.test(t.text)) continue;
    if (endsBetween(tokens, k)) continue;
    let m = k + 1;
    let sawSubject = false;
    let plain = true;
    while (m < tokens.length && !isFiniteVerb(tokens[m], tokens[m + 1]) && tokens[m]?.pos !== 'AUX') {
      const w = tokens[m] as Token;
      if (/^(NOUN|PROPN|PRON)$/.test(w.pos)) sawSubject = true;
      // A list goes on with commas and prepositions; a new clause's subject is short and plain.
      if (w.text === ',' || (w.pos === 'ADP' && w.text.toLowerCase() !== 'of') || /^(which|that|who)$/i.test(w.text))
        plain = false;
      m++;
    }
    if (m < tokens.length && sawSubject && plain && m - k <= 9) return tokens[k - 1]?.text === ',' ? k - 2 : k - 1;
  }
  return tokens.length - 1;
}

// A participle before a noun ("…, mounting external debt") is an item of a list, not an aside.
const opensAside = (t: Token | undefined, next: Token | undefined) =>
  !!t &&
  (/^(which|who|whom|whose|where|when|while|whereas)$/i.test(t.text) ||
    t.pos === 'SCONJ' ||
    (t.pos === 'VERB' && /(ing|ed)$/i.test(t.text) && !/^(NOUN|ADJ|PROPN)$/.test(next?.pos ?? '')));

/**
 * A subject a question can carry as it is: short, one noun phrase, not a pronoun leaning on the
 * sentence before. `phrases`: its prepositional phrases may stay ("sales in the 52 weeks").
 */
const isPlainSubject = (subject: Token[], maxWords = 10, phrases = false) =>
  subject.length > 0 &&
  subject.length <= maxWords &&
  !subject.some((t) => t.pos === 'VERB' || t.pos === 'AUX' || t.pos === 'PUNCT') &&
  // "Since the late 1970s China …": a subject with a preposition other than "of" is no plain subject.
  (phrases
    ? /^(DET|NOUN|ADJ|PROPN)$/.test(subject[0]?.pos ?? '')
    : !subject.some((t) => t.pos === 'ADP' && t.text.toLowerCase() !== 'of')) &&
  !PRONOUN_SUBJECT.test(subject[0]?.text ?? '') &&
  // "A kettle that draws 10 amps…", "Where an interruption lasts…": a clause inside is no plain subject.
  !subject.some((t) => CLAUSE_OPENER.test(t.text)) &&
  subject.some((t) => t.pos === 'NOUN' || t.pos === 'PROPN');
const CLAUSE_OPENER = /^(that|which|who|whom|whose|where|when|if|because|although|though|while|whereas|unless)$/i;

/**
 * The head of a noun phrase: its last noun before its first preposition ("the population of the
 * town" is a population), or the word that opens it when the tagger took that for a name ("Sales").
 */
const headOf = (phrase: Token[]): Token | undefined => {
  const of = phrase.findIndex((t) => t.pos === 'ADP');
  return (of < 0 ? phrase : phrase.slice(0, of))
    .filter((t, i) => t.pos === 'NOUN' || (i === 0 && t.pos === 'PROPN'))
    .at(-1);
};

/**
 * "A heritage trust led by Mary Ashdown bought…": a past form with "by" after it and a verb of its
 * own further on in the clause describes the subject; the sentence's verb is the later one.
 */
function describesSubject(tokens: Token[], k: number): boolean {
  if (tokens[k]?.pos !== 'VERB' || tokens[k + 1]?.text.toLowerCase() !== 'by') return false;
  for (let m = k + 2; m < tokens.length && !/^[,;:]$/.test(tokens[m]?.text ?? ''); m++)
    if (isFiniteVerb(tokens[m], tokens[m + 1])) return true;
  return false;
}

/** The subject moved after the question word: its first word loses the capital only a sentence's start gave it. */
function subjectAfterWh(subject: Token[], ctx: NameContext, midSentence = false): string {
  const first = subject[0] as Token;
  // A word the passage also writes in lower case ("evolution") is a common noun; but one capitalised
  // inside its sentence ("In 2022, Time named her…") is a name there.
  const keepCapital =
    (midSentence && /^\p{Lu}/u.test(first.text)) ||
    /^\p{Lu}{2,}/u.test(first.text) ||
    // A title before a name ("President MOI").
    ((first.pos === 'PROPN' || TITLES.has(first.text.toLowerCase())) && /^\p{Lu}/u.test(subject[1]?.text ?? '')) ||
    (!ctx.lower.has(first.text.toLowerCase()) && ctx.midCaps.has(first.text.toLowerCase())) ||
    // A people's or a country's adjective ("Dutch competition", "European explorers"): WordNet relates
    // it to the place by its name, not to an everyday word for one ("Local authorities": "locality").
    (/^\p{Lu}/u.test(first.text) &&
      nearWords(first.text.toLowerCase()).some(
        (w) => COUNTRY_NAMES.has(w) || PLACES.has(w) || (isPlaceName(w) && !isCommonWord(w)),
      )) ||
    // A country or city the gazetteer knows ("Zimbabwe suffered…"), though the passage names it only first.
    PLACES.has(first.text.toLowerCase()) ||
    // Someone the passage names ("Kettering played…"), or a name no word list holds and the passage
    // never writes in lower case.
    (first.pos === 'PROPN' &&
      (ctx.persons.has(first.text.toLowerCase()) ||
        (!ctx.lower.has(first.text.toLowerCase()) && frequencyRank(first.text) === Number.POSITIVE_INFINITY)));
  const head = keepCapital ? first.text : first.text.toLowerCase();
  return subject.length > 1 ? `${head}${subject[1]?.space ?? ' '}${spanText(subject, 1, subject.length - 1)}` : head;
}

/** What follows the answer, kept only when it is a plain prepositional phrase; null when a clause follows. */
function trailingPhrase(tokens: Token[], from: number): string | null {
  let end = from;
  while (end < tokens.length && !/^[,;:(.!?]$/.test(tokens[end]?.text ?? '') && tokens[end]?.pos !== 'CCONJ') end++;
  if (end === from) return '';
  // "for compensating British | and Dutch citizens": a phrase cut at "and" is half of a list.
  if (tokens[end]?.pos === 'CCONJ') return null;
  if (!/^(in|on|at|during|for|from|with|after|before|since|as|into|to|until|per)$/i.test(tokens[from]?.text ?? ''))
    return null;
  return rest(tokens, from, end - 1);
}

/** "Codd introduced …" → "Who introduced …?" when the answer is the whole subject of its sentence. */
function subjectQuestion(c: Candidate): string | null {
  const { tokens } = c.sentence;
  if (c.kind === 'title') return null;
  // Descriptions before a name are part of the subject: "Founding president … Jomo KENYATTA led …".
  const copula = /^(is|are|was|were|be|been|being|remains?|became|becomes)$/i;
  const described =
    (/^(person|org|place)$/.test(c.kind) &&
      tokens.slice(0, c.start).every((t) => /^(NOUN|ADJ|PROPN|CCONJ|DET)$/.test(t.pos))) ||
    // "The immune system protects …": the phrase's own article opens the sentence, and a verb other
    // than "is" follows. Not "An everyday example is the cruise control …" (a thing, not what it is
    // an example of), nor "The term population ecology is …" (whose answer would carry "term").
    (c.kind.startsWith('np:') &&
      c.start === 1 &&
      /^the$/i.test(tokens[0]?.text ?? '') &&
      !/^(term|word|name|phrase|concept|notion|idea)$/i.test(tokens[1]?.text ?? '') &&
      // "The park is 40 hectares" asks the value (valueQuestion), never "What is 40 hectares?".
      !copula.test(tokens[c.end + 1]?.text ?? '') &&
      // "The port holds a naval base": one everyday noun after "the" stands for a name said before
      // (Tartus), and "port" would be no answer; a compound, a field's term or someone is one.
      (c.end > c.start ||
        isFieldTerm([[tokens[c.start]?.lemma ?? '']]) ||
        isAlwaysPerson(tokens[c.start]?.lemma ?? '')));
  // "The Lord Mayor, Sir Thomas Bloodworth, hesitated …": a person's name (and title) in commas
  // after their description is the subject ("Who hesitated …?").
  let named = c.start;
  while (named > 0 && TITLES.has(tokens[named - 1]?.text.toLowerCase() ?? '')) named--;
  const appositive =
    c.kind === 'person' &&
    named >= 2 &&
    named <= 7 &&
    tokens[named - 1]?.text === ',' &&
    tokens[c.end + 1]?.text === ',' &&
    // "Nordavia's chief executive, Henrik Lysgaard, will lead …": a possessive is part of the description.
    tokens.slice(0, named - 1).every((t) => /^(DET|NOUN|PROPN|ADJ)$/.test(t.pos) || /^['’]s?$/.test(t.text)) &&
    isFiniteVerb(tokens[c.end + 2], tokens[c.end + 3]);
  // A phrase set off by a comma before the subject stays in front: "In 1603, after decades of civil warfare, what …?"
  let lead = '';
  if (c.start > 0 && !described && !appositive) {
    // "After the fire, the architect Christopher Wren designed …": a description before a person's
    // name goes with the name ("After the fire, who designed …?").
    let det = 0;
    if (c.kind === 'person')
      while (
        /^(NOUN|ADJ)$/.test(tokens[c.start - 1 - det]?.pos ?? '') &&
        /^\p{Ll}/u.test(tokens[c.start - 1 - det]?.text ?? '')
      )
        det++;
    if (det && tokens[c.start - 1 - det]?.pos !== 'DET') det = 0;
    if (tokens[c.start - 1 - det]?.pos === 'DET') det++;
    const comma = c.start - 1 - det;
    if (tokens[comma]?.text !== ',' || comma < 2) return null;
    // Only an opening phrase ("In 1603", "However") stays in front; "Flake tools, arrowheads, …" is a list, not a lead.
    if (!/^(ADP|ADV|SCONJ)$/.test(tokens[0]?.pos ?? '') || tokens.slice(0, comma).some((t) => t.text === ','))
      return null;
    if (tokens.slice(0, comma).some((t, k) => isFiniteVerb(t, tokens[k + 1]))) return null;
    // "As a result, …", "For comparison, …": a link to the sentence before, which the question does not show.
    lead = CONNECTIVE.test(spanText(tokens, 0, comma - 1)) ? '' : `${spanText(tokens, 0, comma)} `;
  }
  // "No replications have gone through review": the answer would be what the sentence denies.
  if (/^(no|neither|nor)$/i.test(tokens[c.start - 1]?.text ?? '')) return null;
  // "Stockholm and Gothenburg announced their bids": half of a subject is no answer.
  if (
    tokens[c.start - 1]?.pos === 'CCONJ' ||
    (tokens[c.end + 1]?.pos === 'CCONJ' && /^\p{Lu}/u.test(tokens[c.end + 2]?.text ?? ''))
  )
    return null;
  let v = c.end + 1;
  if (appositive) v++;
  // An apposition between subject and verb is left out: "Uhuru KENYATTA, the son of …, won …".
  else if (tokens[v]?.text === ',') {
    let k = v + 1;
    while (k < tokens.length && tokens[k]?.text !== ',' && !isFiniteVerb(tokens[k], tokens[k + 1])) k++;
    const opens = /^(DET|NOUN|ADJ|PROPN|NUM)$/.test(tokens[v + 1]?.pos ?? '');
    if (tokens[k]?.text === ',' && k - v <= 12 && opens) v = k + 1;
  }
  const tailStart = v;
  if (tokens[v]?.pos === 'ADV' && isFiniteVerb(tokens[v + 1], tokens[v + 2])) v++;
  if (!isFiniteVerb(tokens[v], tokens[v + 1])) return null;
  // "Reforms launched by the government …, contributed": a participle with its agent is no main verb.
  if (tokens[v]?.pos === 'VERB' && /ed$/.test(tokens[v]?.text ?? '') && /^by$/i.test(tokens[v + 1]?.text ?? ''))
    return null;
  // "The corresponding value calculated from a sample is called…": a participle before the clause's own verb.
  if (tokens[v]?.pos === 'VERB' && /ed$/.test(tokens[v]?.text ?? '')) {
    const next = tokens.findIndex(
      (t, k) =>
        k > v &&
        (/^[,;:]$/.test(t.text) ||
          /^(AUX|CCONJ|SCONJ)$/.test(t.pos) ||
          /^(until|when|while|because|after|before|since|if|as|where|though|although)$/i.test(t.text)),
    );
    const relative = tokens.slice(v + 1, next).some((t) => /^(that|which|who|whom|whose)$/i.test(t.text));
    if (next > 0 && tokens[next]?.pos === 'AUX' && !relative) return null;
  }
  // "Large boulders left far from their source, called erratics, helped …": a verb right after a
  // comma, with no subject or "and" of its own, is the subject's; the bare "left" before it was a
  // participle ("has signed" is no participle). ", buoyed by high prices" is an aside itself.
  const laterVerb = (t: Token, k: number) =>
    k > v + 1 &&
    tokens[k - 1]?.text === ',' &&
    t.pos === 'VERB' &&
    isFiniteVerb(t, tokens[k + 1]) &&
    tokens[k + 1]?.pos !== 'ADP';
  if (tokens[v]?.pos === 'VERB' && tokens.some(laterVerb)) return null;
  // "the consensus was that LK-99 is not …": "What was that …?" asks nothing.
  if (/^(is|are|was|were)$/i.test(tokens[v]?.text ?? '') && /^that$/i.test(tokens[v + 1]?.text ?? '')) return null;
  // "What are widely used …" reads well; a plural person or place does not.
  if (/^(are|were|have)$/i.test(tokens[v]?.text ?? '') && !c.kind.startsWith('np:')) return null;
  // A second sentence joined by a semicolon is not part of the question.
  const end = clauseEnd(tokens, v + 1);
  // "The Journal reported the DOJ and the attorneys agreed …": what a verb of saying says is a
  // clause, and a question cut inside it ("Which organisation reported the DOJ?") says something else.
  // Only ", and" or ", but" opens a clause of the sentence's own; a bare "and" or ", that" goes on with what was said.
  const ownClause = tokens[end + 1]?.text === ',' && tokens[end + 2]?.pos === 'CCONJ';
  if (end < tokens.length - 1 && !ownClause && tokens[v]?.pos === 'VERB' && takesClause(tokens[v]?.lemma ?? ''))
    return null;
  const tail = rest(tokens, tailStart, end);
  if (tail.split(/\s+/).length < 3) return null;
  // "The Erie Canal is a historic waterway …": the sentence says what kind of thing it is, so
  // "What is a historic waterway …?", not "Which place is …".
  const describes = /^(is|was)$/i.test(tokens[v]?.text ?? '') && /^an?$/i.test(tokens[v + 1]?.text ?? '');
  const wh = describes && c.kind !== 'person' ? 'What' : whWord(c);
  return tidy(`${lead}${lead ? wh.charAt(0).toLowerCase() + wh.slice(1) : wh} ${tail}?`);
}

/**
 * "The Diet first met in 1356 and gathered irregularly after that": a second verb sharing the
 * subject opens a statement of its own; the question about the year stops before it.
 */
function sharedSubjectEnd(tokens: Token[], from: number, after: number): number | undefined {
  for (let k = Math.max(from, after + 1); k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (/^[;:()–-]$/.test(t.text)) return undefined;
    if (t.pos !== 'CCONJ') continue;
    let m = k + 1;
    if (tokens[m]?.pos === 'ADV') m++;
    if (tokens[m]?.pos === 'VERB' && isFiniteVerb(tokens[m], tokens[m + 1]))
      return tokens[k - 1]?.text === ',' ? k - 2 : k - 1;
    return undefined;
  }
  return undefined;
}

/** "Japan joined the TPP negotiations in 2013." → "In which year did Japan join the TPP negotiations?" */
function yearQuestion(c: Candidate, ctx: NameContext): string | null {
  const year = c.kind === 'year' && /^\d{4}$/.test(c.text);
  if (!year && !/^(date|decade|century)$/.test(c.kind)) return null;
  const { tokens } = c.sentence;
  // "in 2009 and 2010", "in 2009-10": the year is half of a range.
  const next = tokens[c.end + 1];
  if (
    next &&
    ((next.pos === 'CCONJ' && !isFiniteVerb(tokens[c.end + 2], tokens[c.end + 3])) ||
      next.pos === 'NUM' ||
      /^[-–]$/.test(next.text))
  )
    return null;
  // "in the sixteenth century": the century's phrase opens on its "the".
  const ppStart = c.kind === 'century' && /^the$/i.test(tokens[c.start - 1]?.text ?? '') ? c.start - 2 : c.start - 1;
  const prep = tokens[ppStart];
  if (!prep || !/^(in|on|during)$/i.test(prep.text)) return null;
  // "the first storm to enter California since Nora in 1997": the year dates Nora, not the sentence.
  if (tokens.slice(Math.max(0, ppStart - 4), ppStart).some((t) => /^(since|after|before|until|than)$/i.test(t.text)))
    return null;
  const when = year ? 'In which year' : c.kind === 'century' ? 'In which century' : 'When';
  // "In 1796, Jenner took …", and without the comma: "In 1796 the physician Edward Jenner took …".
  const comma = tokens[c.end + 1]?.text === ',';
  const fronted = ppStart === 0 && (comma || /^(DET|PROPN|NOUN|ADJ)$/.test(tokens[c.end + 1]?.pos ?? ''));
  const subjectStart = fronted ? c.end + (comma ? 2 : 1) : 0;
  let v = subjectStart;
  let described = -1;
  while (v < tokens.length && !isFiniteVerb(tokens[v], tokens[v + 1])) v++;
  if (v < tokens.length && describesSubject(tokens, v)) {
    described = v;
    v++;
    while (v < tokens.length && !isFiniteVerb(tokens[v], tokens[v + 1])) v++;
  }
  const subject = tokens.slice(subjectStart, v);
  // What the subject is before "led by Mary Ashdown" is held to a plain subject's rules.
  const head = described < 0 ? subject : tokens.slice(subjectStart, described);
  if (!head.length || subject.length > 10 || v >= tokens.length) return null;
  if (head.some((t) => t.pos === 'VERB' || t.pos === 'PUNCT' || t.pos === 'AUX')) return null;
  // "Since the late 1970s China …": a subject with a preposition other than "of" is no plain subject.
  if (head.some((t) => t.pos === 'ADP' && t.text.toLowerCase() !== 'of')) return null;
  // What describes it is who did it ("by Mary Ashdown", "by the town council"), nothing longer.
  if (described >= 0 && tokens.slice(described + 2, v).some((t) => !/^(PROPN|NOUN|DET|ADJ)$/.test(t.pos))) return null;
  // The year must belong to the verb's own clause: no comma, semicolon, dash, bracket, "and" or
  // "though" between them ("…approved in 2009 limits … though the target was already reached in 2012").
  if (!fronted && tokens.slice(v + 1, ppStart).some((t) => /^[,;:()–-]$/.test(t.text) || /^[CS]CONJ$/.test(t.pos)))
    return null;
  // Nor a clause of its own: "traces its origins to the Uprising that touched off years of warfare
  // resulting in independence in 1921" (a relative pronoun, or an -ing verb after a noun).
  const inner = (t: Token, k: number) =>
    /^(that|which|who|whom|whose)$/i.test(t.text) ||
    (t.pos === 'VERB' && /ing$/i.test(t.text) && tokens[v + k]?.pos === 'NOUN');
  if (!fronted && tokens.slice(v + 1, ppStart).some(inner)) return null;
  // "…arrived 40,000 years before the first Europeans began exploration in the 17th century": the
  // date is of the clause "before" opens, and what the sentence's verb tells happened earlier.
  // (After "after" or "until" it still marks the verb's start or end: "grew after the railway came in 1850".)
  const between = tokens.slice(v + 1, ppStart);
  // "H4 is a marine timekeeper completed in 1759 by John Harrison", "Kettering played a violin made
  // in Cremona in 1714": after a noun, a participle opens a phrase of its own, which the year dates
  // ("In which year did Kettering play a violin…?" asks the wrong thing). "was completed in 1759"
  // keeps it: the participle follows the verb.
  if (!fronted && between.some((t, k) => k > 0 && t.pos === 'VERB' && between[k - 1]?.pos === 'NOUN')) return null;
  const earlier = between.findIndex((t) => /^before$/i.test(t.text));
  if (
    !fronted &&
    earlier >= 0 &&
    between.some((t, k) => k > earlier && t.pos === 'VERB' && isFiniteVerb(t, tokens[v + 2 + k]))
  )
    return null;
  // "A retrospective exhibition held at the museum in 1984, the centenary of his birth, drew …": a
  // verb after a comma with no subject of its own is the sentence's; "held" was a participle. One
  // in a clause of its own is not ("born in Łódź, where her father, Marek, owned …").
  const laterVerb = (t: Token, k: number) =>
    k > c.end + 1 &&
    tokens[k - 1]?.text === ',' &&
    t.pos === 'VERB' &&
    isFiniteVerb(t, tokens[k + 1]) &&
    !/^by$/i.test(tokens[k + 1]?.text ?? '') &&
    !tokens
      .slice(c.end + 1, k)
      .some((u) => /^(where|which|who|whom|whose|that|when|while|because|as|although|though|and|but)$/i.test(u.text));
  if (!fronted && tokens.some(laterVerb)) return null;
  if (PRONOUN_SUBJECT.test(subject[0]?.text ?? '') || !subject.some((t) => t.pos === 'NOUN' || t.pos === 'PROPN'))
    return null;
  // The year's phrase leaves the sentence; if it sat inside the predicate, both sides stay.
  if (!fronted && ppStart <= v) return null;
  const verb = tokens[v] as Token;
  const end = sharedSubjectEnd(tokens, v + 1, c.end) ?? clauseEnd(tokens, v + 1);
  if (!fronted && end < c.end) return null;
  const before = fronted ? rest(tokens, v + 1, end) : rest(tokens, v + 1, whenPhraseStart(tokens, v, ppStart) - 1);
  // ", attended by only nine towns": an aside after the year's phrase is left out with it.
  const after = fronted || tokens[c.end + 1]?.text === ',' ? '' : rest(tokens, c.end + 1, end);
  if (/[;(]|\s[-–]\s/.test(after)) return null;
  // "The form defined by Codd in 1970 was to permit…": a verb after the year is the clause's own; the one before was not.
  const following = tokens[c.end + 1]?.pos === 'ADV' ? c.end + 2 : c.end + 1;
  if (!fronted && isFiniteVerb(tokens[following], tokens[following + 1])) return null;
  // "An inquiry held in Leeds in October 1897 found that…": a word the model took for a noun,
  // with "that" after it, is that verb.
  if (!fronted && tokens[following]?.pos === 'NOUN' && tokens[following + 1]?.pos === 'SCONJ') return null;
  const predicate = `${before} ${after}`.trim();
  // "The Diet first met in 1356": a verb with nothing after it but the year asks about itself alone.
  if ((!predicate && (fronted || ppStart !== v + 1)) || /^[,;]/.test(predicate)) return null;
  // "NBC News reported on August 11 that …": "When did NBC News report?" leaves out what was said.
  if (!predicate && takesClause(verb.lemma)) return null;
  // "Greens gathered at the university, authored bylaws, founded the party": a list of past verbs
  // would each need their own tense.
  for (let k = v + 1; k <= end; k++)
    if (
      tokens[k]?.pos === 'VERB' &&
      tokens[k - 1]?.text === ',' &&
      isFiniteVerb(tokens[k], tokens[k + 1]) &&
      // ", attended by only nine towns" is an aside, not a second verb.
      !/^by$/i.test(tokens[k + 1]?.text ?? '')
    )
      return null;
  // "did Napoleon seize power and crowned himself…": a second verb would need its own tense.
  // "…abdicate the throne and his son … was selected": a second clause would need its own question.
  for (let k = v + 1; k <= end; k++)
    if (
      tokens[k]?.pos === 'CCONJ' &&
      tokens.slice(k + 1).some((t, i) => t.pos === 'AUX' || isFiniteVerb(t, tokens[k + 2 + i]))
    )
      return null;
  return askWhen(when, verb, tokens[v + 1], subjectAfterWh(subject, ctx, subjectStart > 0), predicate);
}

/**
 * Where the phrase that says when opens, the date's preposition at `ppStart` or before it: "made
 * landfall early on 5 February" (an adverb of the time goes with it: "…in the country early?" is
 * left hanging), "occurred at 4:20 pm on 13 November" (so does the time of that day).
 */
function whenPhraseStart(tokens: Token[], v: number, ppStart: number): number {
  let start = ppStart;
  const timing = (t: Token | undefined) =>
    !!t && (/^(early|late|soon|just)$/i.test(t.text) || (t.pos === 'ADV' && /ly$/i.test(t.text)));
  while (start - 1 > v && timing(tokens[start - 1])) start--;
  // "at 4:20 pm": "at", then a clock time of a few tokens, right before.
  for (let at = start - 2; at > v && at >= start - 4; at--)
    if (/^at$/i.test(tokens[at]?.text ?? '') && opensOnClockTime(spanText(tokens, at + 1, start - 1).trim())) return at;
  return start;
}

/**
 * "In which year did Japan join …?", "When was the bridge designed …?": the question word, then
 * the verb's auxiliary (or "did", "does", "do" and its lemma) before the subject.
 */
function askWhen(when: string, verb: Token, next: Token | undefined, subject: string, predicate: string): string {
  // "had its world premiere": "had" as the verb itself takes "did … have", as any verb does.
  const possession = /^(has|have|had)$/i.test(verb.text) && !/^(VERB|AUX)$/.test(next?.pos ?? '');
  if (verb.pos === 'AUX' && !possession) return tidy(`${when} ${verb.text.toLowerCase()} ${subject} ${predicate}?`);
  const does = possession && /^has$/i.test(verb.text) ? 'does' : possession && /^have$/i.test(verb.text) ? 'do' : 'did';
  return tidy(`${when} ${does} ${subject} ${possession ? 'have' : verb.lemma.toLowerCase()} ${predicate}?`);
}

/** "Denmark granted limited home rule in 1874." → "What did Denmark grant in 1874?" when the answer is the whole object. */
const CHANGE_VERBS =
  /^(rise|fall|grow|drop|increase|decrease|decline|climb|jump|gain|slip|shrink|expand|surge|soar|plunge|tumble|sink)$/i;

function objectQuestion(c: Candidate, ctx: NameContext): string | null {
  const { tokens } = c.sentence;
  const det = tokens[c.start - 1]?.pos === 'DET' ? 1 : 0;
  const v = c.start - 1 - det;
  const verb = tokens[v];
  // "Teachers will return marked homework …".
  const modal = modalBefore(tokens, v);
  if (verb?.pos !== 'VERB' || (!modal && !isFiniteVerb(verb, tokens[v + 1]))) return null;
  const subject = tokens.slice(0, modal ? v - 1 : v);
  if (!subject.length || subject.length > 8) return null;
  if (subject.some((t) => t.pos === 'VERB' || t.pos === 'AUX' || t.pos === 'PUNCT' || t.pos === 'ADP')) return null;
  if (PRONOUN_SUBJECT.test(subject[0]?.text ?? '') || !subject.some((t) => t.pos === 'NOUN' || t.pos === 'PROPN'))
    return null;
  // "A landlord who takes a deposit … must protect it": the verb of a clause inside the subject is not the sentence's.
  if (subject.some((t) => CLAUSE_OPENER.test(t.text))) return null;
  const after = tokens[c.end + 1];
  // "voted 9 to 4": a number that opens a score or a range is no object ("What did the council vote to 4?").
  if (/^(to|and|-|–)$/i.test(after?.text ?? '') && tokens[c.end + 2]?.pos === 'NUM') return null;
  // The object ends at a full stop or a preposition; a list or a clause after it would dangle.
  if (after && !/^(ADP|PUNCT)$/.test(after.pos)) return null;
  if (after?.pos === 'ADP' && !/^(in|on|at|during|for|from|to|with|after|before|since|into|within)$/i.test(after.text))
    return null;
  if (after?.pos === 'PUNCT' && !/^[.!?]$/.test(after.text)) return null;
  // A second sentence after a semicolon is no part of the question.
  const semicolon = tokens.findIndex((t, k) => k > c.end && /^[;:]$/.test(t.text));
  const last = semicolon < 0 ? tokens.length - 1 : semicolon - 1;
  if (tokens.slice(c.end + 1, last + 1).some((t) => t.pos === 'CCONJ' || t.text === ',')) return null;
  const subjectText = subjectAfterWh(subject, ctx);
  const tail = rest(tokens, c.end + 1, last);
  // "Shares rose 7.3 percent in morning trading": the amount a change is by.
  if (c.kind.startsWith('num:') && !modal && CHANGE_VERBS.test(verb.lemma))
    return tidy(`By how much ${doOf(verb)} ${subjectText} ${verb.lemma.toLowerCase()}${tail ? ` ${tail}` : ''}?`);
  const wh = c.kind === 'person' ? 'Whom' : whWord(c);
  return tidy(`${wh} ${modal ?? doOf(verb)} ${subjectText} ${verb.lemma.toLowerCase()}${tail ? ` ${tail}` : ''}?`);
}

/** "Path Analysis was developed by Sewall Wright as …" → "Who developed Path Analysis as …?" when the answer is the whole agent. */
function passiveAgentQuestion(c: Candidate, ctx: NameContext): string | null {
  const { tokens } = c.sentence;
  const by = c.start - (tokens[c.start - 1]?.pos === 'DET' ? 2 : 1);
  if (tokens[by]?.text.toLowerCase() !== 'by') return null;
  // "identified by 29 March", "cut by 15 per cent": a deadline or an amount, not who did it.
  if (/^(num:|year|decade|date|century)/.test(c.kind)) return null;
  // A phrasal verb keeps its particle: "was worked out by Melvin Calvin" → "Who worked out …?".
  const particle = /^(out|up|down|off|over)$/i.test(tokens[by - 1]?.text ?? '') ? 1 : 0;
  const participle = tokens[by - 1 - particle];
  // Only a regular verb's participle is also its past tense ("developed"; not "written").
  if (participle?.pos !== 'VERB' || !/ed$/.test(participle.text) || participle.text === participle.lemma) return null;
  let aux = by - 2 - particle;
  if (tokens[aux]?.pos === 'ADV') aux--;
  // "The scheme is operated by Spoke & Harbour Mobility Ltd" → "Who operates the scheme?": the present's own form.
  const present = /^(is|are)$/i.test(tokens[aux]?.text ?? '');
  if (!present && !/^(was|were)$/i.test(tokens[aux]?.text ?? '')) return null;
  const subject = tokens.slice(0, aux);
  if (!isPlainSubject(subject)) return null;
  const tail = trailingPhrase(tokens, c.end + 1);
  if (tail === null) return null;
  // "was led by the regional transport minister" → "Who led…?": a noun that is always someone is asked "Who".
  const wh = whWord(c);
  const done = present ? sForm(participle.lemma.toLowerCase()) : participle.text;
  const verb = particle ? `${done} ${tokens[by - 1]?.text.toLowerCase()}` : done;
  return tidy(`${wh} ${verb} ${subjectAfterWh(subject, ctx)}${tail ? ` ${tail}` : ''}?`);
}

/** "The colony was known as Antaradus." → "By what name was the colony known?"; "… is called its substrate" → "What is … called?" */
function namingQuestion(c: Candidate, ctx: NameContext): string | null {
  const { tokens } = c.sentence;
  let k = c.start - 1;
  // "is called its substrate": a determiner or possessive before the name goes with it.
  if (/^(DET|PRON)$/.test(tokens[k]?.pos ?? '')) k--;
  const word = (i: number) => tokens[i]?.text.toLowerCase() ?? '';
  let verb: string;
  let asName = false;
  if (/^(called|termed|named)$/.test(word(k))) verb = tokens[k]?.text as string;
  else if (word(k) === 'as' && word(k - 1) === 'known') [verb, asName, k] = ['known', true, k - 1];
  else if (word(k) === 'as' && word(k - 1) === 'to' && word(k - 2) === 'referred')
    [verb, asName, k] = ['referred to', true, k - 2];
  else return null;
  const aux = k - 1;
  // "A corkscrew-shaped current, known as helicoidal flow, helps explain…": the name set off in
  // commas after the sentence's subject, before its verb.
  if (word(aux) === ',' && aux > 0) {
    const subject = tokens.slice(0, aux);
    const after = tokens[c.end + 1];
    const next = tokens[c.end + 2];
    // A hyphen inside a word ("corkscrew-shaped") leaves the subject one phrase.
    const words = subject.filter((t, i) => !(t.text === '-' && t.space === '' && subject[i + 1]?.space === ''));
    if (!isPlainSubject(words, 12, true) || after?.text !== ',' || !(next?.pos === 'VERB' || next?.pos === 'AUX'))
      return null;
    // Asked alone, the subject must say what it names: "a special case" (of what?) does not.
    const content = words.filter((t) => /^(NOUN|ADJ|PROPN)$/.test(t.pos)).map((t) => t.lemma || t.text);
    if (isGenericPhrase(content)) return null;
    // "Small pieces of rock … are called": the noun before "of" says how many.
    const head = headOf(words);
    const be = head && head.text.toLowerCase() !== head.lemma.toLowerCase() ? 'are' : 'is';
    return tidy(
      asName
        ? `By what name ${be} ${subjectAfterWh(subject, ctx)} ${verb}?`
        : `What ${be} ${subjectAfterWh(subject, ctx)} ${verb}?`,
    );
  }
  if (!/^(is|are|was|were)$/.test(word(aux))) return null;
  // A phrase set off by a comma may open the sentence: "In Nagpuri, the house pigeon is called …".
  const comma = tokens.findIndex((t, i) => i < aux && t.text === ',');
  const lead = comma > 0 && tokens[0]?.pos === 'ADP' ? comma : -1;
  if (lead < 0 && comma >= 0) return null;
  const subject = tokens.slice(lead + 1, aux);
  if (!isPlainSubject(subject)) return null;
  const tail = trailingPhrase(tokens, c.end + 1);
  if (tail === null) return null;
  const question = `${word(aux)} ${subjectAfterWh(subject, ctx)} ${verb}${tail ? ` ${tail}` : ''}?`;
  if (lead > 0) return asName ? null : tidy(`${spanText(tokens, 0, lead)} what ${question}`);
  return tidy(asName ? `By what name ${question}` : `What ${question}`);
}

/**
 * "The League's chief city was Lübeck, which …" → "What was the League's chief city?": a name that
 * completes "<definite subject> is/was" answers the question the subject asks. Only a name: "The
 * result was a disaster" asks nothing a teacher would keep.
 */
function complementQuestion(c: Candidate, ctx: NameContext): string | null {
  if (!/^(person|place|org|name)$/.test(c.kind)) return null;
  const { tokens } = c.sentence;
  const aux = c.start - 1;
  if (!/^(is|are|was|were)$/i.test(tokens[aux]?.text ?? '')) return null;
  const subject = tokens.slice(0, aux);
  // A definite subject ("The League's chief city", "The capital of Peru"): "A port was Tartus" asks nothing.
  if (!isPlainSubject(subject, 8) || !/^(the)$/i.test(subject[0]?.text ?? '')) return null;
  if (subject.some((t) => t.pos === 'PROPN' && t.text === c.text)) return null;
  // The name ends its clause: a full stop, or a comma that opens a "which"/"who" aside the question leaves out.
  const after = tokens[c.end + 1];
  const closes =
    !after ||
    /^[.!?]$/.test(after.text) ||
    (after.text === ',' && /^(which|who|where)$/i.test(tokens[c.end + 2]?.text ?? ''));
  if (!closes) return null;
  const wh = c.kind === 'person' ? 'Who' : 'What';
  return tidy(`${wh} ${tokens[aux]?.text.toLowerCase()} ${subjectAfterWh(subject, ctx)}?`);
}

const MODALS = /^(shall|will|must|may|can|should|would|could|might)$/i;
/** The modal before the verb at v, when the verb stands in its own form after one: the question asks with it. */
function modalBefore(tokens: Token[], v: number): string | undefined {
  const verb = tokens[v];
  const before = tokens[v - 1];
  return verb && before && verb.text.toLowerCase() === verb.lemma.toLowerCase() && MODALS.test(before.text)
    ? before.text.toLowerCase()
    : undefined;
}
const HEDGES =
  /^(about|around|nearly|almost|approximately|roughly|over|under|only|just|some|up|to|no|more|less|than|at|least)$/i;

/**
 * "The monthly fee is £32." → "What is the monthly fee?"; "Sales in the year were £96 million." →
 * "What were sales in the year?": an amount that is all a quantity's subject is said to be.
 */
function valueQuestion(c: Candidate, ctx: NameContext): string | null {
  if (!/^num:(money|percent|count)/.test(c.kind)) return null;
  const { tokens } = c.sentence;
  let aux = c.start - 1;
  while (aux > 0 && HEDGES.test(tokens[aux]?.text ?? '')) aux--;
  if (!/^(is|are|was|were)$/i.test(tokens[aux]?.text ?? '')) return null;
  const subject = tokens.slice(0, aux);
  if (!isPlainSubject(subject, 12, true)) return null;
  const head = headOf(subject);
  if (!head || !isAmountNoun(head.lemma.toLowerCase())) return null;
  const after = tokens[c.end + 1];
  if (after && !/^[.!?,;]$/.test(after.text)) return null;
  return tidy(`What ${tokens[aux]?.text.toLowerCase()} ${subjectAfterWh(subject, ctx)}?`);
}

/**
 * "Customers withdrew $42 billion in a single day." → "How much did customers withdraw in a single
 * day?"; "17 branches closed in March." → "How many branches closed in March?": an amount asked for
 * where it is the verb's object or the subject, with what it counts.
 */
function amountQuestion(c: Candidate, ctx: NameContext): string | null {
  const money = c.kind.startsWith('num:money');
  const counted = /^num:(?!count$|percent$|ordinal$|money|duration|time)/.test(c.kind);
  const { tokens } = c.sentence;
  // "60 minutes of homework": a span of time counts in its unit, the last word of the number's phrase.
  const unit = /^num:duration/.test(c.kind) && tokens[c.end]?.pos === 'NOUN' ? tokens[c.end] : undefined;
  if (!money && !counted && !unit) return null;
  // What is counted follows the number: "17 branches".
  let after = c.end + 1;
  let what = 'How much';
  if (counted) {
    while (tokens[after]?.pos === 'ADJ' && tokens[after + 1]?.pos !== 'PUNCT') after++;
    if (tokens[after]?.pos !== 'NOUN') return null;
    after++;
    what = `How many ${spanText(tokens, c.end + 1, after - 1)}`;
  } else if (unit) {
    const of = /^of$/i.test(tokens[after]?.text ?? '') && tokens[after + 1]?.pos === 'NOUN';
    if (of) after += 2;
    what = `How many ${unit.lemma.toLowerCase()}s${of ? ` of ${tokens[after - 1]?.text}` : ''}`;
  }
  if (c.start === 0) {
    // The subject: "17 branches closed in March."
    if (!isFiniteVerb(tokens[after], tokens[after + 1])) return null;
    const tail = rest(tokens, after, clauseEnd(tokens, after + 1));
    return tail.split(/\s+/).length >= 2 ? tidy(`${what} ${tail}?`) : null;
  }
  let v = c.start - 1;
  // "pay a deposit of £1,100": the payment is named before its amount ("How much deposit …").
  const payment = tokens[v - 1];
  const named =
    money && /^of$/i.test(tokens[v]?.text ?? '') && payment?.pos === 'NOUN' && /^an?$/i.test(tokens[v - 2]?.text ?? '');
  if (named) v -= 3;
  while (v > 0 && HEDGES.test(tokens[v]?.text ?? '')) v--;
  const verb = tokens[v];
  // "The tenant shall pay …".
  const modal = modalBefore(tokens, v);
  if (verb?.pos !== 'VERB' || (!modal && !isFiniteVerb(verb, tokens[v + 1]))) return null;
  const subject = tokens.slice(0, modal ? v - 1 : v);
  if (!isPlainSubject(subject, 8)) return null;
  const tail = trailingPhrase(tokens, after);
  if (tail === null) return null;
  const asked = named ? `${what} ${payment?.text.toLowerCase()}` : what;
  return tidy(
    `${asked} ${modal ?? doOf(verb)} ${subjectAfterWh(subject, ctx)} ${verb.lemma.toLowerCase()}${tail ? ` ${tail}` : ''}?`,
  );
}

/** "The deep ocean holds 38,000 gigatonnes" asks "does … hold", a present fact; "held" asks "did". */
function doOf(verb: Token): string {
  const lemma = verb.lemma.toLowerCase();
  const text = verb.text.toLowerCase();
  const present = [`${lemma}s`, `${lemma}es`, lemma.replace(/y$/, 'ies')].includes(text);
  return present ? 'does' : 'did';
}

/** A wh-question whose answer is the candidate, or null when the sentence has no shape for one. */
/**
 * "Councillor Priya Nair, who chairs the finance committee, said …" → "Who chairs the finance
 * committee?": the clause a "who" opens after a person's name tells something of that person.
 */
function relativeWhoQuestion(c: Candidate): string | null {
  if (c.kind !== 'person') return null;
  const { tokens } = c.sentence;
  if (tokens[c.end + 1]?.text !== ',' || !/^who$/i.test(tokens[c.end + 2]?.text ?? '')) return null;
  const v = c.end + 3;
  if (!isFiniteVerb(tokens[v], tokens[v + 1])) return null;
  let end = v + 1;
  // "to make it 2–1": a dash between two numbers joins a score or a range, it ends no clause.
  const joinsNumbers = (k: number) =>
    /^[–-]$/.test(tokens[k]?.text ?? '') && tokens[k - 1]?.pos === 'NUM' && tokens[k + 1]?.pos === 'NUM';
  while (end < tokens.length && (!/^[,;:.()—–]$/.test(tokens[end]?.text ?? '') || joinsNumbers(end))) end++;
  const clause = rest(tokens, v, end - 1);
  if (clause.split(/\s+/).length < 3) return null;
  return tidy(`Who ${clause}?`);
}

/**
 * "The Victoria Baths, which opened in 1934, need repairs" → "In which year did the Victoria Baths
 * open?": a "which" or "who" clause set off after the subject, ending with its year.
 */
function relativeYearQuestion(c: Candidate, ctx: NameContext): string | null {
  if (!(c.kind === 'year' && /^\d{4}$/.test(c.text)) && !/^(date|decade|century)$/.test(c.kind)) return null;
  const { tokens } = c.sentence;
  const prep = c.start - 1;
  if (!/^(in|on|during)$/i.test(tokens[prep]?.text ?? '') || tokens[c.end + 1]?.text !== ',') return null;
  const comma = tokens.findIndex((t, k) => t.text === ',' && /^(which|who)$/i.test(tokens[k + 1]?.text ?? ''));
  if (comma < 1 || comma + 2 >= prep) return null;
  const subject = tokens.slice(0, comma);
  if (!isPlainSubject(subject)) return null;
  const v = comma + 2;
  const verb = tokens[v] as Token;
  if (!isFiniteVerb(verb, tokens[v + 1])) return null;
  // Nothing but the verb's own words between it and the year: no comma, "and", or verb of another clause.
  const between = tokens.slice(v + 1, prep);
  // ("was designed by Thomas Telford": the participle after "was" is the verb's own.)
  const ownVerb = (k: number) => k === 0 && verb.pos === 'AUX';
  if (
    between.some(
      (t, k) => /^[,;:()—–-]$/.test(t.text) || t.pos === 'CCONJ' || (!ownVerb(k) && isFiniteVerb(t, between[k + 1])),
    )
  )
    return null;
  const when = c.kind === 'year' ? 'In which year' : 'When';
  const predicate = between.length ? spanText(between, 0, between.length - 1) : '';
  return askWhen(when, verb, tokens[v + 1], subjectAfterWh(subject, ctx), predicate);
}

/** A phrase's wh-question; one whose clause says "also" only when `also` is allowed (a card's last resort, `saysAlso`). */
export function whQuestion(c: Candidate, ctx: NameContext = emptyNameContext(), { also = false } = {}): string | null {
  const asked =
    yearQuestion(c, ctx) ??
    relativeYearQuestion(c, ctx) ??
    subjectQuestion(c) ??
    relativeWhoQuestion(c) ??
    amountQuestion(c, ctx) ??
    objectQuestion(c, ctx) ??
    passiveAgentQuestion(c, ctx) ??
    namingQuestion(c, ctx) ??
    complementQuestion(c, ctx) ??
    valueQuestion(c, ctx);
  if (!asked || namesNothing(asked)) return null;
  // "Alemu, who was also in Sunday's race": the answer is one "also" adds to others, which are as right.
  if (saysAlso(asked) && alsoAfter(c)) return also && isGrammaticalWh(asked, c.text) ? asked : null;
  const q = standingAlone(asked);
  return isGrammaticalWh(q, c.text) ? q : null;
}

/**
 * "When was an announcement made?": a question whose only subject is "a" or "an" something, and
 * nothing more, could be of any announcement; its sentence says which (a cloze keeps it whole).
 */
const namesNothing = (q: string) => /^[\w ]+? (?:is|was|are|were|did|does|do|has|had|will) an? \w+ \w+\?$/i.test(q);

/** Whether "also" follows the phrase in its sentence: said of the phrase, not of what it is asked with. */
const alsoAfter = (c: Candidate) =>
  c.sentence.tokens.some(
    (t, i) =>
      i > c.end &&
      /^also$/i.test(t.text) &&
      !/^(known|called|named|spelled|spelt|referred)$/i.test(c.sentence.tokens[i + 1]?.text ?? ''),
  );

/**
 * "Who also was a video assistant referee…?", "How many people did the storm also injure?": the
 * sentence's "also" points to one before it, which a question asked on its own does not show. It
 * goes, but not from a name's other name ("also known as", "also called").
 */
const standingAlone = (q: string) => q.replace(/ also (?!known\b|called\b|named\b|spelled\b|spelt\b|referred\b)/, ' ');

/**
 * "Alemu, who was also in Sunday's race" → "Who was in Sunday's race?", "Tidal energy can also
 * generate electricity" → "What can generate electricity?": the sentence's "also" says the answer
 * is one of several, and the others are as right; such a question is not asked in a test (a blank
 * keeps its "also"), and a card asks it with its "also" only when the passage gives no other
 * question. A name's other name ("also known as", "also called") is one name.
 */
export const saysAlso = (q: string) => / also (?!known\b|called\b|named\b|spelled\b|spelt\b|referred\b)/.test(q);

/**
 * The rule set every generated wh-question must pass: it opens with a question word, ends with
 * one question mark, has a verb, no blank, no answer inside it, no dangling function word or
 * comma before the mark, balanced brackets and quotes, and a sensible length.
 */
// The words a question is built of, whatever it asks about.
const FUNCTION_WORD =
  /^(who|whom|what|which|when|where|how|many|much|is|are|was|were|be|been|being|do|does|did|has|have|had|can|cannot|could|may|might|must|shall|should|will|would|not|the|a|an|of|in|on|at|to|for|by|with|from|it|its|this|that|these|those|year)$/i;

export function isGrammaticalWh(q: string, answer = ''): boolean {
  if (
    !/^(Who|Whom|What|Which|In which year|In which century|When|Where|How many|How much|By how much|By what name)\b|^[^?]*, (who|what|which)\b/.test(
      q,
    )
  )
    return false;
  if (!q.endsWith('?') || q.indexOf('?') !== q.length - 1) return false;
  if (q.includes('_')) return false;
  if (answer && q.toLowerCase().includes(answer.toLowerCase())) return false;
  const words = q.slice(0, -1).split(/\s+/);
  if (words.length < 4 || words.length > 45) return false;
  if (/^(a|an|the|of|in|on|at|by|for|with|from|to|and|or|but|as|that|which|its|their)$/i.test(words.at(-1) ?? ''))
    return false;
  if (/[,;:(]\s*\?$/.test(q) || /\s{2}/.test(q)) return false;
  // "what not removed within 28 days becomes…": the answer's own words after it ("any structure not
  // removed") are left without it.
  if (/\b(what|who) not\b/i.test(q)) return false;
  // "What cannot be eliminated?": one word of content asks about something said elsewhere.
  if (words.filter((w) => !FUNCTION_WORD.test(w)).length < 2) return false;
  // "What is the most important?": the noun the superlative is of was said in another sentence.
  if (
    /^(What|Which|Who) (is|are|was|were) (just |equally |even )?(the ((most|least) \p{L}+|\p{L}+est)|(as|more|less) \p{L}+)\?$/u.test(
      q,
    )
  )
    return false;
  // "…requiring food imports In recognition of…": a capitalised function word mid-sentence is a second sentence glued on.
  if (/\p{Ll}\s(In|On|At|For|The|A|An|It|This|These|He|She|They|We)\s/u.test(q)) return false;
  // "What has a value of about 900 J/(kg °C), iron about 450 J/(kg °C), …?": a list whose verb is left
  // out after its first item asks of the first and leaves the rest hanging.
  if (/, \p{L}+ (about|around|roughly|nearly|approximately) \d/u.test(q)) return false;
  // "Who called them "little water bears" because of their slow?": cut at the comma between two adjectives.
  const cut = /\b(?:their|its|his|her|our|your|my|the|a|an) (\p{L}+)\?$/u.exec(q)?.[1];
  if (cut && cut.toLowerCase() !== 'own' && lemmasOf(q).at(-2)?.pos === 'ADJ') return false;
  const count = (re: RegExp) => (q.match(re) ?? []).length;
  if (count(/\(/g) !== count(/\)/g) || count(/"/g) % 2 === 1) return false;
  if (/^In which year did /.test(q) && /\b(was|were|is|are|has|had)\b/.test(q.split(' ').slice(4, 6).join(' ')))
    return false;
  // "Who was retired in 2007 is on display …?", "When did the text carve on the stone is a decree…?":
  // a second "is" with nothing to join it is a second sentence.
  if (
    /^(?:Who|What|When|Where|Which|In which \p{L}+|How many|How much)(?: \p{L}+)?? (is|are|was|were|did|does|do) (?:(?!\b(?:and|or|but|that|which|who|whom|whose|where|when|while|because|if|as|than|since|what)\b).)* (is|are|was|were) /u.test(
      q,
    )
  )
    return false;
  return true;
}
