import { randomUUID } from 'node:crypto';
import {
  cardStateName,
  countDeck,
  deleteCards,
  deleteOwnedCard,
  deleteReview,
  type FlashcardRow,
  findOwnedCard,
  findOwnedCardVersion,
  insertCards,
  latestReviews,
  listDeckPage,
  listNoteCards,
  lockOwnedCard,
  rebuildStudyDays,
  reviewExists,
  saveReviewIfUnchanged,
  updateCard,
} from '@learnboost/db';
import type { Grade } from 'ts-fsrs';
import {
  clozeNumbers,
  clozeProblem,
  FILL_BOTH,
  NOT_LAST_REVIEW,
  REVIEW_ID_TAKEN,
  type TCreateFlashcardBody,
  type TDeck,
  type TFlashcard,
  type TUpdateFlashcardBody,
} from '../../contract';
import { AppError, isUniqueViolation } from '../../lib/errors';
import type { LearnerContext } from '../../lib/learner-context';
import { dayBounds, dayOf } from '../../lib/local-days';
import { scheduleBalanced } from '../../lib/scheduling/balance';
import { beforeExam } from '../../lib/scheduling/exam-window';
import {
  DEFAULT_SCHEDULER,
  gradeOf,
  isRemembered,
  reviewDuration,
  rollbackReview,
  type SchedulerSettings,
} from '../../lib/scheduling/schedule';
import { ownedDeck } from '../decks/decks.service';

const NOT_FOUND = 'Flashcard not found';
export const SUSPENDED = 'This card is suspended: unsuspend it to study it';

export const toFlashcardDto = (c: FlashcardRow): TFlashcard => ({
  id: c.id,
  deckId: c.deckId,
  kind: c.kind,
  clozeOrdinal: c.clozeOrdinal,
  noteId: c.noteId,
  question: c.question,
  answer: c.answer,
  format: c.format,
  tags: c.tags,
  suspended: c.suspended,
  due: c.due.toISOString(),
  state: cardStateName(c.state),
  reps: c.reps,
  lapses: c.lapses,
  scheduledDays: c.scheduledDays,
  lastReviewedAt: c.lastReview?.toISOString() ?? null,
  createdAt: c.createdAt.toISOString(),
});

// The cursor is the (due, id) of the last card sent, so pages stay stable as cards are added.
const encodeCursor = (c: FlashcardRow) => Buffer.from(`${c.due.toISOString()}|${c.id}`).toString('base64url');
function decodeCursor(cursor: string): { due: Date; id: string } {
  const [due, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const at = new Date(due ?? '');
  if (!id || Number.isNaN(at.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) throw new AppError(400, 'Invalid cursor');
  return { due: at, id };
}

export async function listDeck({
  db,
  userId,
  limit,
  cursor,
  deckId,
  now = new Date(),
}: LearnerContext & { limit: number; cursor?: string; deckId?: string }): Promise<TDeck> {
  const after = cursor ? decodeCursor(cursor) : undefined;
  if (deckId) await ownedDeck(db, userId, deckId);
  const [rows, counts] = await Promise.all([
    listDeckPage(db, userId, limit + 1, after, deckId),
    countDeck(db, userId, now, deckId),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    cards: page.map(toFlashcardDto),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    total: counts.total,
    dueCount: counts.due,
  };
}

/** A basic card, or one card per number of a cloze text (the lowest number's card is returned). */
export async function createCard({
  db,
  userId,
  kind = 'basic',
  question,
  answer = '',
  deckId,
  now = new Date(),
}: LearnerContext & TCreateFlashcardBody): Promise<TFlashcard> {
  if (deckId) await ownedDeck(db, userId, deckId);
  const noteId = randomUUID();
  const ordinals = kind === 'cloze' ? clozeNumbers(question) : [null];
  const rows = await insertCards(
    db,
    ordinals.map((clozeOrdinal) => ({
      userId,
      deckId,
      kind,
      clozeOrdinal,
      noteId,
      question,
      answer,
      due: now,
      createdAt: now,
    })),
  );
  return toFlashcardDto(rows[0] as FlashcardRow);
}

/**
 * A basic card changes alone. A cloze card's text and extra belong to its note: every card of the
 * text changes, a number no longer in the text loses its card, a new number gains one.
 */
export async function editCard({
  db,
  userId,
  cardId,
  changes,
  now = new Date(),
}: LearnerContext & { cardId: string; changes: TUpdateFlashcardBody }): Promise<TFlashcard> {
  return db.transaction(async (tx) => {
    const card = await lockOwnedCard(tx, userId, cardId);
    if (!card) throw new AppError(404, NOT_FOUND);
    if (changes.deckId) await ownedDeck(tx, userId, changes.deckId);
    const { question, answer, deckId } = changes;
    if (card.kind === 'basic') {
      if (answer !== undefined && !answer.trim()) throw new AppError(400, FILL_BOTH);
      return toFlashcardDto(await updateCard(tx, card.id, { question, answer, deckId }));
    }
    if (deckId) await updateCard(tx, card.id, { deckId });
    if (question === undefined && answer === undefined)
      return toFlashcardDto({ ...card, deckId: deckId ?? card.deckId });
    const text = question ?? card.question;
    const problem = clozeProblem(text);
    if (problem) throw new AppError(400, problem);
    const numbers = clozeNumbers(text);
    const siblings = await listNoteCards(tx, userId, card.noteId);
    const gone = siblings.filter((c) => !numbers.includes(c.clozeOrdinal ?? 0)).map((c) => c.id);
    if (gone.length) await deleteCards(tx, gone);
    for (const sibling of siblings) {
      if (!gone.includes(sibling.id))
        await updateCard(tx, sibling.id, { question: text, answer: answer ?? sibling.answer });
    }
    const kept = new Set(siblings.map((c) => c.clozeOrdinal));
    const added = numbers.filter((n) => !kept.has(n));
    if (added.length) {
      await insertCards(
        tx,
        added.map((clozeOrdinal) => ({
          userId,
          deckId: deckId ?? card.deckId,
          kind: 'cloze' as const,
          clozeOrdinal,
          noteId: card.noteId,
          question: text,
          answer: answer ?? card.answer,
          due: now,
          createdAt: now,
        })),
      );
    }
    // The card asked about, or the note's first card when its number left the text.
    const cards = await listNoteCards(tx, userId, card.noteId);
    return toFlashcardDto((cards.find((c) => c.id === card.id) ?? cards[0]) as FlashcardRow);
  });
}

export async function removeCard({ db, userId, cardId }: LearnerContext & { cardId: string }): Promise<void> {
  if (!(await deleteOwnedCard(db, userId, cardId))) throw new AppError(404, NOT_FOUND);
}

type ReviewInput = LearnerContext & {
  cardId: string;
  timeZone: string;
  remembered?: boolean;
  rating?: Grade;
  durationMs?: number;
  reviewId?: string;
  /** The learner's scheduler (app.schedulerSettings); absent: FSRS's defaults. */
  scheduler?: SchedulerSettings;
};

/** A card rated in two tabs at once: each rating lands, one after the other. */
const REVIEW_ATTEMPTS = 5;

export async function reviewCard(input: ReviewInput): Promise<TFlashcard> {
  const { db, userId, cardId, timeZone, remembered, rating, durationMs = 0, reviewId, now = new Date() } = input;
  const settings = input.scheduler ?? DEFAULT_SCHEDULER;
  // Two round trips (read, then one atomic write) instead of a locking transaction's five:
  // rating is the hottest write a learner makes.
  for (let attempt = 0; attempt < REVIEW_ATTEMPTS; attempt++) {
    const found = await findOwnedCardVersion(db, userId, cardId, reviewId);
    if (!found) throw new AppError(404, NOT_FOUND);
    // Recorded already (a retry whose first answer was lost): nothing is written again.
    if (found.recordedFor === found.card.id) return toFlashcardDto(found.card);
    if (found.recordedFor) throw new AppError(409, REVIEW_ID_TAKEN);
    if (found.card.suspended) throw new AppError(409, SUSPENDED);
    const grade = gradeOf(remembered, rating);
    const balanced = await scheduleBalanced(db, userId, found.card, grade, now, timeZone, settings);
    const { record } = balanced;
    const exam = settings.exams?.get(found.card.deckId);
    const next = exam ? beforeExam(balanced.next, exam, now, timeZone, found.card.id) : balanced.next;
    const log = { ...record, durationMs: reviewDuration(durationMs) };
    let saved: boolean;
    try {
      saved = await saveReviewIfUnchanged(db, {
        ...{ cardId, userId, version: found.version, reviewId, next, log, timeZone },
        remembered: isRemembered(record.rating),
      });
    } catch (err) {
      // The same review id sent twice at once: one lands, the other reads it on its next turn.
      if (reviewId && isUniqueViolation(err)) continue;
      throw err;
    }
    if (saved) {
      return toFlashcardDto({ ...found.card, ...next });
    }
  }
  throw new AppError(409, 'This card is being changed elsewhere; try again');
}

export function undoLastReview({
  db,
  userId,
  cardId,
  timeZone,
  reviewId,
  scheduler = DEFAULT_SCHEDULER,
}: LearnerContext & { cardId: string; timeZone: string; reviewId?: string; scheduler?: SchedulerSettings }) {
  return db.transaction(async (tx) => {
    const card = await lockOwnedCard(tx, userId, cardId);
    if (!card) throw new AppError(404, NOT_FOUND);
    const [last, previous] = await latestReviews(tx, card.id, 2);
    if (reviewId && last?.id !== reviewId) {
      if (await reviewExists(tx, card.id, reviewId)) throw new AppError(409, NOT_LAST_REVIEW);
      // Undone already (the undo was sent twice), or never recorded: the card stays as it is.
      return toFlashcardDto(card);
    }
    if (!last) throw new AppError(409, 'Nothing to undo: this card has no review');
    const restored = rollbackReview(card, last, previous?.reviewedAt ?? null, scheduler);
    const saved = await updateCard(tx, card.id, restored);
    await deleteReview(tx, last.id);
    const day = dayOf(last.reviewedAt, timeZone);
    await rebuildStudyDays(tx, userId, timeZone, { day, ...dayBounds(day, timeZone) });
    return toFlashcardDto(saved);
  });
}

export async function getCard({ db, userId, cardId }: LearnerContext & { cardId: string }): Promise<TFlashcard> {
  const card = await findOwnedCard(db, userId, cardId);
  if (!card) throw new AppError(404, NOT_FOUND);
  return toFlashcardDto(card);
}
