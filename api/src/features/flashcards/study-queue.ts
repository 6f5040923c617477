import {
  addMissingRoomStudyCards,
  CardState,
  countNewStarted,
  type Db,
  type FlashcardRow,
  findUserById,
  listStudyCards,
  nextDue,
  withRoomText,
} from '@learnboost/db';
import { Rating } from 'ts-fsrs';
import { STUDY_SESSION_MAX, type TStudyQueue } from '../../contract';
import { AppError } from '../../lib/errors';
import { addDays, dayBounds, dayOf } from '../../lib/local-days';
import { DEFAULT_SCHEDULER, type SchedulerSettings, scheduleReview } from '../../lib/scheduling/schedule';
import { ownedDeck } from '../decks/decks.service';
import { backlogShare } from '../scheduler/catch-up';
import { toFlashcardDto } from './flashcards.service';

/** Anki's default: learning steps due within 20 minutes are studied now rather than waited for. */
const LEARN_AHEAD_MS = 20 * 60_000;

/**
 * What to study now: the cards due (learning first, then reviews), then new cards up to the
 * learner's daily limit. Each card says when it would come back for every rating, so the screen
 * can show it under the buttons. When the queue is empty the session is over until `nextDueAt`.
 */
export async function studyQueue({
  db,
  userId,
  timeZone,
  deckId,
  now = new Date(),
  scheduler = DEFAULT_SCHEDULER,
  catchUpPerDay = null,
}: {
  db: Db;
  userId: string;
  timeZone: string;
  /** One deck and those nested under it; absent: every deck. */
  deckId?: string;
  now?: Date;
  /** The learner's scheduler: the previews show what a rating would really do. */
  scheduler?: SchedulerSettings;
  /** "Catch up gently" on: the backlog's share a day, most forgotten first. */
  catchUpPerDay?: number | null;
}): Promise<TStudyQueue> {
  if (deckId) await ownedDeck(db, userId, deckId);
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(401, 'Sign in to continue');
  const today = dayOf(now, timeZone);
  const { start, end } = dayBounds(today, timeZone);
  const newLeft = Math.max(0, user.newCardsPerDay - (await countNewStarted(db, userId, start, end)));
  // Cards added to a room deck the learner studies arrive here, new.
  await addMissingRoomStudyCards(db, userId);
  const learnAheadUntil = new Date(now.getTime() + LEARN_AHEAD_MS);
  const share = catchUpPerDay
    ? await backlogShare({ db, userId, timeZone, scheduler, catchUpPerDay, now, deckId })
    : null;
  const [listed, next] = await Promise.all([
    listStudyCards(db, userId, now, learnAheadUntil, newLeft, STUDY_SESSION_MAX, deckId, share?.backlogFrom),
    nextDue(db, userId, now, learnAheadUntil, deckId),
  ]);
  // Learning steps first, then today's share of the backlog, then the rest as listed.
  const stepsDue = (c: FlashcardRow) => c.state !== CardState.review && c.due <= now;
  const rows = share
    ? [...listed.filter(stepsDue), ...share.cards, ...listed.filter((c) => !stepsDue(c))].slice(0, STUDY_SESSION_MAX)
    : listed;
  const newQueued = rows.filter((r) => r.state === CardState.new).length;
  // New cards held back by today's limit are next due when the learner's tomorrow begins.
  const newTomorrow = next.newWaiting > newQueued ? dayBounds(addDays(today, 1), timeZone).start : null;
  const nextDueAt = [next.at, newTomorrow].filter((d): d is Date => d !== null).sort((a, b) => +a - +b)[0] ?? null;
  const preview = (card: (typeof rows)[number], grade: Rating) =>
    scheduleReview(card, grade as 1 | 2 | 3 | 4, now, timeZone, scheduler).next.due.toISOString();
  return {
    cards: (await withRoomText(db, rows)).map((card) => ({
      ...toFlashcardDto(card),
      previews: {
        again: preview(card, Rating.Again),
        hard: preview(card, Rating.Hard),
        good: preview(card, Rating.Good),
        easy: preview(card, Rating.Easy),
        at: now.toISOString(),
      },
    })),
    newLeft: newLeft - newQueued,
    newCardsPerDay: user.newCardsPerDay,
    nextDueAt: nextDueAt?.toISOString() ?? null,
  };
}
