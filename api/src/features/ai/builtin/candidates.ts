import { type Sentence, spanText } from './nlp';

/** An answer span in a sentence, with the kind its distractors must share. */
export type Candidate = { sentence: Sentence; start: number; end: number; text: string; kind: string };

const NUMERIC = new Set(['DATE', 'CARDINAL', 'PERCENT', 'MONEY', 'ORDINAL', 'DURATION', 'TIME']);
const NOUNISH = new Set(['NOUN', 'ADJ', 'PROPN']);
const QUANTIFIERS = new Set([
  'many',
  'few',
  'several',
  'some',
  'other',
  'such',
  'own',
  'same',
  'various',
  'certain',
  'more',
  'most',
  'much',
  'less',
]);

/** Numbers and dates, runs of proper nouns, and short noun phrases (adjectives then nouns). */
export function candidatesOf(sentence: Sentence): Candidate[] {
  const { tokens } = sentence;
  const out: Candidate[] = [];
  const add = (start: number, end: number, kind: string) =>
    out.push({ sentence, start, end, text: spanText(tokens, start, end).replace(/\s+/g, ' '), kind });

  const inEntity = new Set<number>();
  for (const e of sentence.entities) {
    if (!NUMERIC.has(e.type)) continue;
    const text = spanText(tokens, e.start, e.end);
    if (!/\d/.test(text)) continue; // "today", "last year": no number to perturb, weak questions
    for (let i = e.start; i <= e.end; i++) inEntity.add(i);
    add(e.start, e.end, `num:${e.type}`);
  }

  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i];
    if (!t || inEntity.has(i) || !NOUNISH.has(t.pos)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < tokens.length && !inEntity.has(j + 1) && NOUNISH.has(tokens[j + 1]?.pos ?? '')) j++;
    // A run of ADJ/NOUN/PROPN: proper nouns form a name; otherwise a noun phrase ending in a noun.
    const run = tokens.slice(i, j + 1);
    if (run.every((x) => x.pos === 'PROPN')) {
      if (run.length <= 4 && (i > 0 || run.length > 1)) add(i, j, 'propn');
    } else {
      let end = j;
      while (end >= i && tokens[end]?.pos !== 'NOUN') end--;
      let start = i;
      // Keep at most three words: the head noun and what sits just before it.
      if (end - start > 2) start = end - 2;
      // Quantity words ("many", "several") would give the answer away among bare nouns.
      while (start < end && QUANTIFIERS.has(tokens[start]?.text.toLowerCase() ?? '')) start++;
      const head = tokens[end];
      // A head with more nouns after it is half a compound ("mitochondrial | DNA"): not a phrase.
      const whole = end === j;
      if (whole && head && head.text.length >= 3 && !head.stop) add(start, end, 'np');
    }
    i = j + 1;
  }
  return out;
}

const plural = (text: string) => /[^s]s$/i.test(text);
/** Noun phrases only stand in for each other when they agree in number. */
export const sameShape = (a: Candidate, b: Candidate) => a.kind !== 'np' || plural(a.text) === plural(b.text);
