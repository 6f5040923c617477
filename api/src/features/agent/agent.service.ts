import { type Db, listDeckPage, listMemberRoomCards, listTestPassages } from '@learnboost/db';
import { findRelevant } from '../../lib/nlp/retrieval';
import type { AiProvider, Snippet } from '../ai/provider';
import { CARDS_SEARCHED, PASSAGES_SEARCHED, ROOM_CARDS_SEARCHED } from './limits';

/**
 * The pieces of the learner's own material most relevant to the question: their flashcards,
 * their tests' passages (sentence by sentence) and the cards of the rooms they belong to.
 */
export async function relevantMaterial({
  db,
  userId,
  question,
  limit = 3,
}: {
  db: Db;
  userId: string;
  question: string;
  limit?: number;
}): Promise<Snippet[]> {
  const [cards, roomCards, passages] = await Promise.all([
    listDeckPage(db, userId, CARDS_SEARCHED),
    listMemberRoomCards(db, userId, ROOM_CARDS_SEARCHED),
    listTestPassages(db, userId, PASSAGES_SEARCHED),
  ]);
  return findRelevant({
    question,
    limit,
    cards: [
      ...cards.map((c) => ({ source: `flashcard "${c.question}"`, question: c.question, answer: c.answer })),
      ...roomCards.map((c) => ({
        source: `room "${c.roomTitle}" card "${c.question}"`,
        question: c.question,
        answer: c.answer,
      })),
    ],
    passages: passages.map((p) => ({ key: p.id, source: `test "${p.name}"`, text: p.sourceText })),
  });
}

/**
 * The agent's answer, piece by piece: the learner's material is searched first, and only then
 * does the provider's time limit start (`signalFor`): the search is ours, and on a first question
 * it also loads WordNet, the word vectors and the sentence encoder, which is no fault of the provider's.
 */
export async function askAgent(
  { db, userId, ai }: { db: Db; userId: string; ai: AiProvider },
  question: string,
  signalFor: () => AbortSignal,
): Promise<AsyncIterator<string>> {
  const material = await relevantMaterial({ db, userId, question: question.trim() });
  return ai.answer(question.trim(), material, { signal: signalFor() })[Symbol.asyncIterator]();
}
