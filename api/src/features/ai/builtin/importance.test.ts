import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentBlocks } from '../../../lib/nlp/content';
import { isGenericPhrase } from '../../../lib/nlp/frequency';
import { builtinQuestions } from './questions';

const dir = join(__dirname, '../../../../test/fixtures/passages');
const passages = readdirSync(dir)
  .filter((f) => f.endsWith('.txt'))
  .map((f) => ({ name: f, text: readFileSync(join(dir, f), 'utf8') }));

// A first paragraph dense with facts, then two quieter ones: a test must still reach them.
const DENSE = `The Erie Canal opened in 1825 after eight years of work. It ran 363 miles from Albany to Buffalo. Governor DeWitt Clinton championed the canal in the New York legislature. Freight costs fell by 95 percent within a decade. The canal had 83 locks and rose 568 feet. Engineer Benjamin Wright laid out its eastern section.

Boats on the canal were pulled by mules walking along a towpath. The towpath ran beside the water for the whole route.

Rochester grew into a milling town because of the canal trade. Its population rose from 1,500 in 1820 to 20,000 in 1840.`;

describe('answer choice by importance', () => {
  it.each(passages.map((p) => [p.name, p.text]))('never blanks a phrase of everyday words in %s', (_n, text) => {
    for (const q of builtinQuestions(text, 6)) {
      const answer = q.choices[q.correctIndex] as string;
      if (!/^[a-z][a-z\s-]*$/.test(answer)) continue; // names and numbers are facts, whatever their words
      const words = answer.split(/[\s-]+/);
      // Plurals are judged by their singular, as the engine judges lemmas ("types" is "type").
      expect(isGenericPhrase(words) || isGenericPhrase(words.map((w) => w.replace(/s$/, '')))).toBe(false);
    }
  });

  it('gives every choice a capital when the blank opens its sentence, so the answer does not stand out', () => {
    const tuned = join(__dirname, '../../../../test/fixtures/agent-eval/dev/passages');
    const files = [
      'vb-07-river.txt',
      'vd-16-tides.txt',
      've-08-astronomy.txt',
      'vb-14-rotation.txt',
      'vf-01-hurricane-hilary.txt',
    ];
    const texts = files.map((f) => readFileSync(join(tuned, f), 'utf8'));
    const questions = texts.flatMap((text) => builtinQuestions(text, 6));
    const opening = questions.filter((q) => q.prompt.startsWith('_____'));
    expect(opening.length).toBeGreaterThan(0);
    for (const q of opening) for (const c of q.choices) expect(c, q.prompt).toMatch(/^[\p{Lu}\d]/u);
    // Asked alone, a phrase that opened its sentence is written as the passage writes it inside one
    // ("torrential rainfall"), or, written nowhere else, all choices take a capital with it.
    const asked = questions.filter((q) => q.prompt.endsWith('?') && !q.prompt.startsWith('Which of these statements'));
    const alone = asked.filter((q) =>
      q.supportingSentence.toLowerCase().startsWith((q.choices[q.correctIndex] ?? '-').toLowerCase()),
    );
    expect(alone.some((q) => /^\p{Ll}/u.test(q.choices[q.correctIndex] ?? ''))).toBe(true);
    for (const q of alone) {
      const answer = q.choices[q.correctIndex] ?? '';
      if (/^\p{Lu}/u.test(answer)) for (const c of q.choices) expect(c, q.prompt).toMatch(/^[\p{Lu}\d]/u);
      else expect(texts.join(' '), q.prompt).toContain(answer);
    }
  });

  it('knows filler from key terms', () => {
    expect(isGenericPhrase(['feel'])).toBe(true);
    expect(isGenericPhrase(['actual', 'use'])).toBe(true);
    expect(isGenericPhrase(['photosynthesis'])).toBe(false);
    expect(isGenericPhrase(['mitochondrial', 'membrane'])).toBe(false);
  });
});

describe('coverage', () => {
  it('takes at most two questions from one paragraph while the others can give', () => {
    const blocks = contentBlocks(DENSE);
    const qs = builtinQuestions(DENSE, 4);
    const perBlock = new Map<number, number>();
    for (const q of qs) {
      const b = blocks.findIndex((block) => block.replace(/\s+/g, ' ').includes(q.supportingSentence ?? '\u0000'));
      perBlock.set(b, (perBlock.get(b) ?? 0) + 1);
    }
    expect(perBlock.get(-1)).toBeUndefined();
    expect(perBlock.get(0) ?? 0).toBeLessThanOrEqual(2);
    expect(perBlock.size).toBeGreaterThanOrEqual(2);
  });
});
