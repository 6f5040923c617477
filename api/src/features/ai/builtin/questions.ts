import type { DraftQuestion } from '../provider';
import { type Candidate, candidatesOf } from './candidates';
import { distractorsFor } from './distractors';
import { analyse, type Sentence, spanText } from './nlp';

export const BLANK = '_____';

/** A deterministic shuffle, seeded by the sentence: the same passage gives the same test. */
function seeded(seedText: string) {
  let h = 2166136261;
  for (let i = 0; i < seedText.length; i++) h = Math.imul(h ^ seedText.charCodeAt(i), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

// Sentences opening on a pronoun lean on the one before; as a lone question they are vague.
const VAGUE_START = /^(it|this|that|these|those|they|he|she|its|their|his|her|such|there)\b/i;

/** Words that recur in the passage are its key terms; sentences rich in them make good questions. */
function keyTermWeights(sentences: Sentence[]): Map<string, number> {
  const freq = new Map<string, number>();
  for (const s of sentences) {
    for (const t of s.tokens) {
      if ((t.pos === 'NOUN' || t.pos === 'PROPN') && !t.stop && t.text.length > 2) {
        const w = t.text.toLowerCase();
        freq.set(w, (freq.get(w) ?? 0) + 1);
      }
    }
  }
  return freq;
}

function sentenceScore(s: Sentence, weights: Map<string, number>): number {
  const words = s.tokens.filter((t) => t.pos !== 'PUNCT');
  if (words.length < 6 || words.length > 50) return -1;
  let score = 0;
  for (const t of words) score += Math.log1p(weights.get(t.text.toLowerCase()) ?? 0);
  score /= Math.sqrt(words.length);
  if (s.entities.length) score += 0.5;
  if (VAGUE_START.test(s.text)) score -= 1;
  if (s.text.endsWith('?')) score -= 2;
  return score;
}

/** Facts (numbers, names) first, then the key-term noun phrases. */
function candidateScore(c: Candidate, weights: Map<string, number>): number {
  const base = c.kind.startsWith('num:') ? 3 : c.kind === 'propn' ? 2.5 : 1;
  const head = c.text.split(/\s+/).at(-1)?.toLowerCase() ?? '';
  return base + Math.log1p(weights.get(head) ?? 0);
}

function cloze(c: Candidate): string {
  const { tokens } = c.sentence;
  const before = c.start > 0 ? `${spanText(tokens, 0, c.start - 1)}${tokens[c.start]?.space ?? ''}` : '';
  const after =
    c.end + 1 < tokens.length ? spanText(tokens, c.end, tokens.length - 1).slice(tokens[c.end]?.text.length) : '';
  // One line, single spaces: wrapped or OCR'd text reads as a sentence, not as its line breaks.
  return `${before}${BLANK}${after}`.replace(/\s+/g, ' ').trim();
}

/**
 * Multiple-choice questions from a passage, at most one per sentence. The correct answer is a
 * span of its sentence, quoted verbatim from the passage and blanked out of the prompt.
 */
export function builtinQuestions(passage: string, count: number): DraftQuestion[] {
  const sentences = analyse(passage);
  // Compared with whitespace folded: a line break inside an answer (wrapped text) is still a quote.
  const flat = passage.replace(/\s+/g, ' ');
  const weights = keyTermWeights(sentences);
  const pool = sentences.flatMap(candidatesOf);
  const ranked = sentences
    .map((s) => ({ s, score: sentenceScore(s, weights) }))
    .filter((x) => x.score >= 0)
    .sort((a, b) => b.score - a.score || a.s.index - b.s.index);

  const made: { index: number; question: DraftQuestion }[] = [];
  for (const { s } of ranked) {
    if (made.length >= count) break;
    const options = pool
      .filter((c) => c.sentence === s)
      .sort((a, b) => candidateScore(b, weights) - candidateScore(a, weights));
    for (const c of options) {
      const prompt = cloze(c);
      // The answer must be quoted from the passage and must not give itself away in the prompt.
      if (!flat.includes(c.text) || prompt.toLowerCase().includes(c.text.toLowerCase())) continue;
      const wrong = distractorsFor(c, pool);
      if (!wrong) continue;
      const rand = seeded(s.text);
      const choices = [c.text, ...wrong];
      for (let i = choices.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [choices[i], choices[j]] = [choices[j] as string, choices[i] as string];
      }
      made.push({
        index: s.index,
        question: { prompt, choices, correctIndex: choices.indexOf(c.text), supportingSentence: s.text },
      });
      break;
    }
  }
  // In reading order, so the test follows the passage.
  return made.sort((a, b) => a.index - b.index).map((m) => m.question);
}
