// The study agent's evaluation set (api/test/fixtures/agent-eval): passages and questions asked in
// other words than the passages use, in two halves. `dev` is tuned on; `held-back` is only ever
// scored, never read while tuning (docs/ai-quality.md says how it was made).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PASSAGES_SEARCHED } from '../../src/features/agent/limits';
import { answerFrom, NOTHING_RELEVANT } from '../../src/features/ai/builtin/answer';
import { findRelevant, type Passage } from '../../src/lib/nlp/retrieval';

export type Split = 'dev' | 'held-back';
type Reworded = { passage: string; question: string; sentence: string; keywords: string[] };
type Absent = { passage: string; question: string };
export type AgentSet = { passages: (Passage & { id: string })[]; reworded: Reworded[]; absent: Absent[] };

const root = path.join(import.meta.dirname, '..', 'fixtures', 'agent-eval');

/** The passages of a split, each as the text of a knowledge test named after its file, and every questions*.json file's questions. */
export function loadSplit(split: Split): AgentSet {
  const dir = path.join(root, split);
  if (!existsSync(dir)) return { passages: [], reworded: [], absent: [] };
  const passages = readdirSync(path.join(dir, 'passages'))
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f, i) => {
      const id = f.replace(/\.txt$/, '');
      // A neutral name: the file's name would tell retrieval the subject ("09-city").
      const source = `test "Reading ${i + 1}"`;
      return { id, key: `${split}/${id}`, source, text: readFileSync(path.join(dir, 'passages', f), 'utf8') };
    });
  const reworded: Reworded[] = [];
  const absent: Absent[] = [];
  for (const f of readdirSync(dir)
    .filter((f) => /^questions.*\.json$/.test(f))
    .sort()) {
    const q = JSON.parse(readFileSync(path.join(dir, f), 'utf8'));
    reworded.push(...q.reworded);
    absent.push(...q.absent);
  }
  return { passages, reworded, absent };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whole words, any case: "train" counts in "by train." but not in "trained". */
export const containsWord = (text: string, word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'iu').test(text);

export const HONEST = /not in your material/i;
/** The answer's own length, the names of the tests and cards it cites not counted. */
const ownLength = (answer: string) => answer.replace(/(?:test|flashcard|room|card) "[^"]*"/g, '').length;

export type Scored = {
  question: string;
  passage: string;
  answer: string;
  verdict: 'hit' | 'honest' | 'wrong' | 'long';
};

/**
 * The tests a question is asked over: its passage's learner's. The agent searches a learner's
 * newest 50 tests, so a split of more passages is the tests of several learners, in the order of
 * the files' names and as even as 50 at most allows (107 passages are 36, 36 and 35, never 50, 50
 * and a learner with seven, where finding the passage is no task).
 */
export function learnerTests(set: AgentSet, passage: string): AgentSet['passages'] {
  const learners = Math.ceil(set.passages.length / PASSAGES_SEARCHED);
  const size = Math.ceil(set.passages.length / learners);
  const at = set.passages.findIndex((p) => p.id === passage);
  const first = Math.floor(Math.max(at, 0) / size) * size;
  return set.passages.slice(first, first + size);
}

/** Asks every question of the set over its learner's tests, and scores the answers as the product is judged. */
export async function scoreAgent(set: AgentSet) {
  const ask = async (question: string, passage: string) =>
    answerFrom(question, await findRelevant({ question, passages: learnerTests(set, passage), cards: [] }));
  const reworded: Scored[] = [];
  for (const q of set.reworded) {
    const answer = await ask(q.question, q.passage);
    const hit = q.keywords.some((k) => containsWord(answer, k));
    const verdict = HONEST.test(answer) ? 'honest' : !hit ? 'wrong' : ownLength(answer) > 700 ? 'long' : 'hit';
    reworded.push({ question: q.question, passage: q.passage, answer, verdict });
  }
  const absent: Scored[] = [];
  for (const q of set.absent) {
    const answer = await ask(q.question, q.passage);
    absent.push({
      question: q.question,
      passage: q.passage,
      answer,
      verdict: answer === NOTHING_RELEVANT ? 'honest' : 'wrong',
    });
  }
  const count = (rows: Scored[], v: Scored['verdict']) => rows.filter((r) => r.verdict === v).length;
  return {
    reworded,
    absent,
    hits: count(reworded, 'hit'),
    confidentlyWrong: count(reworded, 'wrong') + count(reworded, 'long'),
    honestAbsent: count(absent, 'honest'),
  };
}
