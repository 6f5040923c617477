import { type Db, listDeckPage, listTestPassages } from '@learnboost/db';
import { rank } from '../ai/builtin/retrieval';
import type { AiProvider, Snippet } from '../ai/provider';

/** How much of the learner's material is searched; beyond this the newest wins. */
const CARDS_SEARCHED = 1000;
const PASSAGES_SEARCHED = 50;
/** A snippet must match most of what was asked (by IDF weight) to count as relevant. */
const MIN_COVERAGE = 0.5;

type Item = Snippet & { searchText: string };

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?])\s+(?=["'(\p{Lu}\p{N}])/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/** The learner's flashcards and test passages (sentence by sentence) most relevant to the question. */
export async function relevantMaterial(db: Db, userId: string, question: string, limit = 3): Promise<Snippet[]> {
  const [cards, passages] = await Promise.all([
    listDeckPage(db, userId, CARDS_SEARCHED),
    listTestPassages(db, userId, PASSAGES_SEARCHED),
  ]);
  const items: Item[] = [
    ...cards.map((c) => ({
      source: `flashcard "${c.question}"`,
      text: c.answer,
      searchText: `${c.question} ${c.answer}`,
    })),
    ...passages.flatMap((p) =>
      sentencesOf(p.sourceText).map((s) => ({ source: `test "${p.name}"`, text: s, searchText: s })),
    ),
  ];
  return rank(question, items, (i) => i.searchText)
    .filter((h) => h.coverage >= MIN_COVERAGE)
    .slice(0, limit)
    .map(({ item }) => ({ source: item.source, text: item.text }));
}

export async function askAgent(
  { db, userId, ai }: { db: Db; userId: string; ai: AiProvider },
  question: string,
  signal: AbortSignal,
): Promise<AsyncIterator<string>> {
  const material = await relevantMaterial(db, userId, question.trim());
  return ai.answer(question.trim(), material, { signal })[Symbol.asyncIterator]();
}
