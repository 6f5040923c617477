import {
  averageDailyReviews,
  CardState,
  type Db,
  findDeckExam,
  findUserById,
  listMemoryStates,
  moveDueDates,
  saveDeckExam,
} from '@learnboost/db';
import type { TDeckExam } from '../../contract';
import { AppError } from '../../lib/errors';
import { addDays, dayBounds, dayOf } from '../../lib/local-days';
import { windowStartOf } from '../../lib/scheduling/exam-window';
import { retrievability, type SchedulerSettings } from '../../lib/scheduling/schedule';
import { ownedDeck } from '../decks/decks.service';
import { simulate } from './forecast';

const DAY_MS = 86_400_000;
const WINDOW_MAX = 7;
/** Reviews a day a learner is assumed to manage at least, when sizing the window. */
const MIN_DAILY_REVIEWS = 20;

/**
 * The final window: the deck's cards at the learner's usual daily pace (at least 20 a day), from
 * 1 to 7 days, and never longer than the days left before the exam.
 */
export const windowDaysFor = (cards: number, usualLoad: number, daysLeft: number): number =>
  Math.max(1, Math.min(WINDOW_MAX, daysLeft, Math.ceil(cards / Math.max(MIN_DAILY_REVIEWS, usualLoad))));

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One learner's deck, in their time zone and scheduler settings. */
type DeckExamInput = {
  db: Db;
  userId: string;
  deckId: string;
  timeZone: string;
  settings: SchedulerSettings;
  now?: Date;
};

/**
 * Sets (or, with null, removes) a deck's exam. Cards already due after the exam and not reviewed
 * in the window yet are brought into it at once, the most at risk (lowest predicted retention on
 * the exam day) on its first days; only their due dates move.
 */
export async function setExamDate({
  db,
  userId,
  deckId,
  examDate,
  timeZone,
  settings,
  now = new Date(),
}: DeckExamInput & { examDate: string | null }): Promise<void> {
  await ownedDeck(db, userId, deckId);
  if (examDate === null) {
    await saveDeckExam(db, userId, deckId, null);
    return;
  }
  const today = dayOf(now, timeZone);
  if (!DATE.test(examDate) || Number.isNaN(Date.parse(`${examDate}T00:00:00Z`)) || addDays(examDate, 0) !== examDate)
    throw new AppError(400, 'examDate is a date like 2026-06-15');
  if (examDate <= today) throw new AppError(400, 'The exam date must be after today');
  const daysLeft = Math.round((Date.parse(examDate) - Date.parse(today)) / DAY_MS);
  const cards = await listMemoryStates(db, userId, deckId);
  const usual = await averageDailyReviews(db, userId, now, 30);
  const exam = { examDate, windowDays: windowDaysFor(cards.length, usual, daysLeft) };
  const examStart = dayBounds(examDate, timeZone).start;
  const windowStart = dayBounds(windowStartOf(exam), timeZone).start;
  const late = cards
    .filter((c) => c.state === CardState.review && c.due >= examStart && (!c.lastReview || c.lastReview < windowStart))
    .map((c) => ({ id: c.id, risk: retrievability(c, examStart, settings) }))
    .sort((a, b) => a.risk - b.risk || (a.id < b.id ? -1 : 1));
  const perDay = Math.ceil(late.length / exam.windowDays);
  const moves = late.map((c, i) => ({
    id: c.id,
    due: dayBounds(addDays(windowStartOf(exam), Math.floor(i / Math.max(1, perDay))), timeZone).start,
  }));
  await db.transaction(async (tx) => {
    await saveDeckExam(tx, userId, deckId, exam);
    await moveDueDates(tx, moves);
  });
}

/** The deck's exam: the retention predicted on its day and the reviews a day until then. */
export async function examForecast({
  db,
  userId,
  deckId,
  timeZone,
  settings,
  now = new Date(),
}: DeckExamInput): Promise<TDeckExam> {
  await ownedDeck(db, userId, deckId);
  const exam = await findDeckExam(db, deckId);
  const today = dayOf(now, timeZone);
  if (!exam || exam.examDate <= today) {
    return { examDate: exam?.examDate ?? null, windowDays: null, predictedRetention: null, days: [], reviews: [] };
  }
  const [cards, user] = await Promise.all([listMemoryStates(db, userId, deckId), findUserById(db, userId)]);
  const start = dayBounds(today, timeZone).start.getTime();
  const index = (at: Date) => Math.floor((at.getTime() - start) / DAY_MS);
  const daysLeft = Math.round((Date.parse(exam.examDate) - Date.parse(today)) / DAY_MS);
  const started = cards
    .filter((c) => c.state !== CardState.new && c.stability > 0 && c.lastReview)
    .map((c) => ({
      due: Math.max(0, index(c.due)),
      last: index(c.lastReview as Date),
      s: c.stability,
      d: c.difficulty,
    }));
  const newCards = cards.length - started.length;
  const line = simulate(started, newCards, user?.newCardsPerDay ?? 20, daysLeft, settings, {
    day: daysLeft,
    windowDays: exam.windowDays,
  });
  return {
    examDate: exam.examDate,
    windowDays: exam.windowDays,
    predictedRetention: line.examRetention === null ? null : Math.round(line.examRetention * 10_000) / 10_000,
    days: Array.from({ length: daysLeft }, (_, i) => addDays(today, i)),
    reviews: line.reviews.map((n) => Math.round(n * 10) / 10),
  };
}
