import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBuiltinProvider } from './builtin-provider';
import { STATEMENT_PROMPT, swappedPhrases } from './statements';

// The quality bars, measured over a committed corpus of passages the engine was not tuned on one by one.
const dir = path.resolve(import.meta.dirname, '../../../../test/fixtures/passages');
const corpus = readdirSync(dir)
  .filter((f) => f.endsWith('.txt'))
  .map((f) => ({ name: f, text: readFileSync(path.join(dir, f), 'utf8') }));
const ai = createBuiltinProvider();
const call = { signal: new AbortController().signal };
const norm = (s: string) => s.trim().toLowerCase();

describe('the built-in engine over the corpus', async () => {
  const tests = await Promise.all(corpus.map(async (p) => ({ ...p, questions: await ai.questions(p.text, 6, call) })));
  const all = tests.flatMap((t) => t.questions.map((q) => ({ ...q, passage: t.text })));

  it('has at least 20 passages of 150 to 1,500 words across the five subjects', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(20);
    for (const p of corpus) {
      const words = p.text.split(/\s+/).filter(Boolean).length;
      expect(words, p.name).toBeGreaterThanOrEqual(150);
      expect(words, p.name).toBeLessThanOrEqual(1500);
    }
    for (const subject of ['science', 'history', 'computing', 'economics', 'literature']) {
      expect(corpus.filter((p) => p.name.startsWith(subject)).length).toBeGreaterThanOrEqual(3);
    }
  });

  it('makes six questions from every passage', () => {
    for (const t of tests) expect(t.questions.length, t.name).toBe(6);
  });

  it('quotes the correct answer verbatim from the passage, absent from the prompt, in at least 95% of questions', () => {
    const good = all.filter((q) => {
      const answer = q.choices[q.correctIndex] ?? '';
      return answer && q.passage.includes(answer) && !norm(q.prompt).includes(norm(answer));
    });
    console.info(`verbatim and hidden: ${good.length}/${all.length}`);
    expect(good.length / all.length).toBeGreaterThanOrEqual(0.95);
  });

  it('gives every question four distinct choices and exactly one correct', () => {
    for (const q of all) {
      expect(q.choices).toHaveLength(4);
      expect(new Set(q.choices.map(norm)).size).toBe(4);
      expect(q.correctIndex).toBeGreaterThanOrEqual(0);
      expect(q.correctIndex).toBeLessThan(4);
      // Only the correct choice is in the supporting sentence: the others cannot also fill the gap.
      const inSentence = q.choices.filter((c) => norm(q.supportingSentence).includes(norm(c)));
      expect(inSentence).toEqual([q.choices[q.correctIndex]]);
    }
  });

  it('never draws two questions of one test from the same sentence', () => {
    for (const t of tests) {
      expect(new Set(t.questions.map((q) => q.supportingSentence)).size, t.name).toBe(t.questions.length);
    }
  });

  it('cites the supporting sentence in every explanation', async () => {
    for (const q of all) {
      const wrong = (q.correctIndex + 1) % 4;
      for (const selectedIndex of [wrong, -1]) {
        const [e] = await ai.explain(
          { passage: q.passage, contextNotes: '', mistakes: [{ qId: 'q', ...q, selectedIndex }] },
          call,
        );
        expect(e?.explanation).toContain(q.supportingSentence);
        // A statement is named by the phrase it swapped in; any other choice whole.
        const chosen = q.choices[wrong] ?? '';
        const named =
          q.prompt === STATEMENT_PROMPT ? swappedPhrases(q.choices[q.correctIndex] ?? '', chosen).other : chosen;
        if (selectedIndex >= 0) expect(e?.explanation).toContain(`"${named}"`);
      }
    }
  });

  it('makes three flashcards from every passage, each answer found in the text', async () => {
    for (const p of corpus) {
      const cards = await ai.flashcards(p.text, 3, call);
      expect(cards, p.name).toHaveLength(3);
      for (const c of cards) expect(p.text).toContain(c.answer);
    }
  });

  it('gives the same test for the same passage', async () => {
    const first = corpus[0];
    if (!first) throw new Error('empty corpus');
    expect(await ai.questions(first.text, 6, call)).toEqual(await ai.questions(first.text, 6, call));
  });
});

describe('the built-in engine on text shaped unlike the corpus', () => {
  const notes = `# Mitochondria

- The mitochondrion is the powerhouse of the cell.
- It produces ATP through cellular respiration.

Mitochondria have their own DNA, inherited from the mother. Lynn Margulis argued in 1967 that mitochondria were once free-living bacteria. A typical liver cell contains between 1,000 and 2,000 mitochondria. Muscle cells need a lot of energy, so they contain many mitochondria as well. The inner membrane is folded into ridges called cristae.`;
  const wrapped = `The French Revolution began in
1789 when citizens of Paris stormed the Bastille, a royal
prison. King Louis XVI was executed in 1793. The Reign of Terror,
led by Maximilien Robespierre, killed about 17,000 people. Napoleon
Bonaparte seized power in 1799 and crowned himself emperor in 1804.`;

  it.each([
    ['Markdown notes with a heading and a list', notes],
    ['line-wrapped text, as OCR gives it', wrapped],
  ])('reads %s as sentences, with one-line prompts', async (_label, text) => {
    const qs = await ai.questions(text, 4, call);
    expect(qs.length).toBe(4);
    for (const q of qs) {
      expect(q.prompt).not.toMatch(/\n|^\s*[-#]/);
      expect(q.supportingSentence).not.toMatch(/\n|^\s*[-#]/);
      expect(text.replace(/\s+/g, ' ')).toContain(q.choices[q.correctIndex]);
      expect(new Set(q.choices).size).toBe(4);
    }
  });

  it('makes no question from text with nothing to ask about', async () => {
    expect(
      await ai.questions('she said it was fine. they went home. it rained. we ate. nothing happened.', 6, call),
    ).toEqual([]);
  });
});
