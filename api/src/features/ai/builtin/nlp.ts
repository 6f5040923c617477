import model from 'wink-eng-lite-web-model';
import winkNLP from 'wink-nlp';

// The model ships inside the npm package: nothing is downloaded, and it loads once per process.
const nlp = winkNLP(model);
const its = nlp.its;

export type Token = { text: string; pos: string; space: string; stop: boolean };
export type Entity = { start: number; end: number; type: string };
export type Sentence = {
  index: number;
  text: string;
  /** Tokens of this sentence; entity spans index into them. */
  tokens: Token[];
  entities: Entity[];
};

// Blank lines, list items and headings end a sentence even without a full stop; a single line
// break (wrapped text, OCR output) does not.
const BLOCK_BREAK = /\n\s*\n|\n(?=[ \t]*(?:[-*\u2022]|\d+[.)]|#+)\s)/;
const BLOCK_MARKER = /^[ \t]*(?:[-*\u2022]|\d+[.)]|#+)\s+/;

/** Splits a passage into sentences with parts of speech and (numeric, date) entities. */
export function analyse(passage: string): Sentence[] {
  const out: Sentence[] = [];
  for (const block of passage.split(BLOCK_BREAK)) {
    const text = block.replace(BLOCK_MARKER, '');
    if (text.trim()) out.push(...analyseBlock(text, out.length));
  }
  return out;
}

function analyseBlock(passage: string, firstIndex: number): Sentence[] {
  const doc = nlp.readDoc(passage);
  const texts = doc.tokens().out() as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const spaces = doc.tokens().out(its.precedingSpaces) as string[];
  const stops = doc.tokens().out(its.stopWordFlag) as unknown as boolean[];
  const sentenceSpans = doc.sentences().out(its.span) as unknown as [number, number][];
  const entitySpans = doc.entities().out(its.span) as unknown as [number, number][];
  const entityTypes = doc.entities().out(its.type) as string[];
  const sentenceTexts = doc.sentences().out() as string[];

  return sentenceSpans.map(([start, end], index) => {
    const tokens: Token[] = [];
    for (let i = start; i <= end; i++) {
      tokens.push({ text: texts[i] ?? '', pos: pos[i] ?? 'X', space: spaces[i] ?? '', stop: stops[i] ?? false });
    }
    const entities: Entity[] = [];
    entitySpans.forEach(([s, e], k) => {
      if (s >= start && e <= end) entities.push({ start: s - start, end: e - start, type: entityTypes[k] ?? '' });
    });
    const text = (sentenceTexts[index] ?? '').replace(/\s+/g, ' ').trim();
    return { index: firstIndex + index, text, tokens, entities };
  });
}

/** Tokens s..e joined as they were written (the spaces before each, except the first). */
export function spanText(tokens: Token[], s: number, e: number): string {
  let out = '';
  for (let i = s; i <= e; i++) out += (i === s ? '' : (tokens[i]?.space ?? '')) + (tokens[i]?.text ?? '');
  return out;
}
