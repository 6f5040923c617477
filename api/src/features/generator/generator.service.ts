import { type Db, insertCards } from '@learnboost/db';
import { CARD_TEXT_MAX, GENERATED_CARDS, type TGenerated } from '../../contract';
import { AppError } from '../../lib/errors';
import { checkPassageSize } from '../../lib/passage-size';
import { aiFailure } from '../ai/call-signal';
import type { AiProvider, CardDraft } from '../ai/provider';

/** Three cards from the text, saved to the learner's deck (due now), all or none. */
export async function generateCards({
  db,
  userId,
  ai,
  signal,
  text,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  ai: AiProvider;
  signal: AbortSignal;
  text: string;
  now?: Date;
}): Promise<TGenerated> {
  checkPassageSize(text);
  let drafts: CardDraft[];
  try {
    drafts = await ai.flashcards(text, GENERATED_CARDS, { signal });
  } catch (err) {
    throw aiFailure(err, signal);
  }
  if (drafts.length < GENERATED_CARDS) {
    throw new AppError(422, `This text is too short for ${GENERATED_CARDS} flashcards: paste a longer text`);
  }
  const cards = drafts.slice(0, GENERATED_CARDS).map((c) => ({
    question: c.question.trim().slice(0, CARD_TEXT_MAX),
    answer: c.answer.trim().slice(0, CARD_TEXT_MAX),
  }));
  const saved = await db.transaction((tx) =>
    insertCards(
      tx,
      cards.map((c) => ({ userId, ...c, due: now, createdAt: now })),
    ),
  );
  // With their ids, so the learner can edit or remove each right where it is listed.
  return { added: saved.length, cards: saved.map(({ id, question, answer }) => ({ id, question, answer })) };
}
