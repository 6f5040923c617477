import { type Db, findOwnedCard, insertPractice, listUpcoming } from '@learnboost/db';
import type { Grade } from 'ts-fsrs';
import { AHEAD_MAX, type TAhead } from '../../contract';
import { AppError } from '../../lib/errors';
import type { LearnerContext } from '../../lib/learner-context';
import { gradeOf, reviewDuration } from '../../lib/scheduling/schedule';
import { ownedDeck } from '../decks/decks.service';
import { SUSPENDED, toFlashcardDto } from './flashcards.service';

/** The cards "Study ahead" offers once a session is done: not due yet, soonest first. */
export async function cardsAhead({
  db,
  userId,
  deckId,
  now = new Date(),
}: LearnerContext & { deckId?: string }): Promise<TAhead> {
  if (deckId) await ownedDeck(db, userId, deckId);
  return { cards: (await listUpcoming(db, userId, now, AHEAD_MAX, deckId)).map(toFlashcardDto) };
}

/**
 * A card practised ahead of its time. It is not a review: the schedule FSRS set stays as it is
 * (reviewing early would shorten it), but the minutes are study and count on the dashboard.
 */
export async function practiseCard({
  db,
  userId,
  cardId,
  remembered,
  rating,
  durationMs = 0,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  cardId: string;
  remembered?: boolean;
  rating?: Grade;
  durationMs?: number;
  now?: Date;
}): Promise<{ practicedAt: string }> {
  // 404, not 403: another learner's card is never revealed.
  const card = await findOwnedCard(db, userId, cardId);
  if (!card) throw new AppError(404, 'Flashcard not found');
  if (card.suspended) throw new AppError(409, SUSPENDED);
  const saved = await insertPractice(db, {
    cardId,
    userId,
    rating: gradeOf(remembered, rating),
    durationMs: reviewDuration(durationMs),
    practicedAt: now,
  });
  return { practicedAt: saved.practicedAt.toISOString() };
}
