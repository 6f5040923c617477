import { COUNTRY_NAMES } from '../../../lib/nlp/gazetteer';
import { spanText, type Token } from '../../../lib/nlp/wink';
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
      return 'What';
  }
}

const tidy = (s: string) =>
  s
    .replace(/\s+([,.;:!?)])/g, '$1')
    .replace(/\(\s+/g, '(')
    .replace(/\s+/g, ' ')
    .replace(/[,;:\s]+\?$/, '?')
    .trim();

/** Tokens i..j as written, without a closing full stop. */
const rest = (tokens: Token[], i: number, j = tokens.length - 1) => {
  let end = j;
  while (end >= i && /^[.!?]$/.test(tokens[end]?.text ?? '')) end--;
  return end >= i ? spanText(tokens, i, end) : '';
};

/** "Codd introduced …" → "Who introduced …?" when the answer is the whole subject of its sentence. */
function subjectQuestion(c: Candidate): string | null {
  const { tokens } = c.sentence;
  if (c.kind === 'title') return null;
  // Descriptions before a name are part of the subject: "Founding president … Jomo KENYATTA led …".
  if (
    c.start > 0 &&
    !(
      /^(person|org|place)$/.test(c.kind) &&
      tokens.slice(0, c.start).every((t) => /^(NOUN|ADJ|PROPN|CCONJ|DET)$/.test(t.pos))
    )
  )
    return null;
  let v = c.end + 1;
  // An apposition between subject and verb is left out: "Uhuru KENYATTA, the son of …, won …".
  if (tokens[v]?.text === ',') {
    let k = v + 1;
    while (k < tokens.length && tokens[k]?.text !== ',' && !isFiniteVerb(tokens[k], tokens[k + 1])) k++;
    if (tokens[k]?.text === ',' && k - v <= 12) v = k + 1;
  }
  const tailStart = v;
  if (tokens[v]?.pos === 'ADV' && isFiniteVerb(tokens[v + 1], tokens[v + 2])) v++;
  if (!isFiniteVerb(tokens[v], tokens[v + 1])) return null;
  // "What are widely used …" reads well; a plural person or place does not.
  if (/^(are|were|have)$/i.test(tokens[v]?.text ?? '') && !c.kind.startsWith('np:')) return null;
  const tail = rest(tokens, tailStart);
  if (tail.split(/\s+/).length < 3) return null;
  return tidy(`${whWord(c)} ${tail}?`);
}

/** "Japan joined the TPP negotiations in 2013." → "In which year did Japan join the TPP negotiations?" */
function yearQuestion(c: Candidate, ctx: NameContext): string | null {
  if (c.kind !== 'year' || !/^\d{4}$/.test(c.text)) return null;
  const { tokens } = c.sentence;
  // "in 2009 and 2010", "in 2009-10": the year is half of a range.
  const next = tokens[c.end + 1];
  if (next && (next.pos === 'CCONJ' || next.pos === 'NUM' || /^[-–]$/.test(next.text))) return null;
  const prep = tokens[c.start - 1];
  if (prep?.text.toLowerCase() !== 'in') return null;
  const ppStart = c.start - 1;
  const fronted = ppStart === 0 && tokens[c.end + 1]?.text === ',';
  const subjectStart = fronted ? c.end + 2 : 0;
  let v = subjectStart;
  while (v < tokens.length && !isFiniteVerb(tokens[v], tokens[v + 1])) v++;
  const subject = tokens.slice(subjectStart, v);
  if (!subject.length || subject.length > 10 || v >= tokens.length) return null;
  if (subject.some((t) => t.pos === 'VERB' || t.pos === 'PUNCT' || t.pos === 'AUX')) return null;
  if (PRONOUN_SUBJECT.test(subject[0]?.text ?? '') || !subject.some((t) => t.pos === 'NOUN' || t.pos === 'PROPN'))
    return null;
  // The year's phrase leaves the sentence; if it sat inside the predicate, both sides stay.
  if (!fronted && ppStart <= v) return null;
  const verb = tokens[v] as Token;
  const before = fronted ? rest(tokens, v + 1) : rest(tokens, v + 1, ppStart - 1);
  const after = fronted ? '' : rest(tokens, c.end + 1);
  const predicate = `${before} ${after}`.trim();
  if (!predicate || /^[,;]/.test(predicate)) return null;
  // "did Napoleon seize power and crowned himself…": a second verb would need its own tense.
  for (let k = v + 1; k < tokens.length; k++)
    if (tokens[k]?.pos === 'CCONJ' && (tokens[k + 1]?.pos === 'VERB' || tokens[k + 1]?.pos === 'AUX')) return null;
  const first = subject[0] as Token;
  const keepCapital =
    ctx.midCaps.has(first.text.toLowerCase()) ||
    /^\p{Lu}{2,}/u.test(first.text) ||
    (first.pos === 'PROPN' && /^\p{Lu}/u.test(subject[1]?.text ?? ''));
  const subjectText = `${keepCapital ? first.text : first.text.toLowerCase()}${subject.length > 1 ? ` ${spanText(subject, 1, subject.length - 1)}` : ''}`;
  if (verb.pos === 'AUX') return tidy(`In which year ${verb.text.toLowerCase()} ${subjectText} ${predicate}?`);
  return tidy(`In which year did ${subjectText} ${verb.lemma.toLowerCase()} ${predicate}?`);
}

/** A wh-question whose answer is the candidate, or null when the sentence has no shape for one. */
export function whQuestion(c: Candidate, ctx: NameContext = emptyNameContext()): string | null {
  const q = yearQuestion(c, ctx) ?? subjectQuestion(c);
  return q && isGrammaticalWh(q, c.text) ? q : null;
}

/**
 * The rule set every generated wh-question must pass: it opens with a question word, ends with
 * one question mark, has a verb, no blank, no answer inside it, no dangling function word or
 * comma before the mark, balanced brackets and quotes, and a sensible length.
 */
export function isGrammaticalWh(q: string, answer = ''): boolean {
  if (!/^(Who|What|Which|In which year|When|Where|How many)\b/.test(q)) return false;
  if (!q.endsWith('?') || q.indexOf('?') !== q.length - 1) return false;
  if (q.includes('_')) return false;
  if (answer && q.toLowerCase().includes(answer.toLowerCase())) return false;
  const words = q.slice(0, -1).split(/\s+/);
  if (words.length < 4 || words.length > 45) return false;
  if (/^(a|an|the|of|in|on|at|by|for|with|from|to|and|or|but|as|that|which|its|their)$/i.test(words.at(-1) ?? ''))
    return false;
  if (/[,;:(]\s*\?$/.test(q) || /\s{2}/.test(q)) return false;
  const count = (re: RegExp) => (q.match(re) ?? []).length;
  if (count(/\(/g) !== count(/\)/g) || count(/"/g) % 2 === 1) return false;
  if (/^In which year did /.test(q) && /\b(was|were|is|are|has|had)\b/.test(q.split(' ').slice(4, 6).join(' ')))
    return false;
  return true;
}
