import {
  countNewStarted,
  type Db,
  type FlashcardRow,
  findUserById,
  listDeckNames,
  listOfflineCards,
} from '@learnboost/db';
import { OFFLINE_CARDS_MAX, OFFLINE_DAYS, type TOfflineCard, type TOfflineSnapshot } from '../../contract';
import { AppError } from '../../lib/errors';
import { dayBounds, dayOf } from '../../lib/local-days';
import { DEFAULT_SCHEDULER, type SchedulerSettings } from '../../lib/scheduling/schedule';
import { toFlashcardDto } from './flashcards.service';

export const toOfflineCard = (c: FlashcardRow): TOfflineCard => ({
  ...toFlashcardDto(c),
  stability: c.stability,
  difficulty: c.difficulty,
  elapsedDays: c.elapsedDays,
  learningSteps: c.learningSteps,
});

/**
 * The cards the browser keeps so the Flashcards screen works with no network: due within
 * OFFLINE_DAYS, plus the new cards those days may start, with the scheduler that rates them.
 */
export async function offlineSnapshot({
  db,
  userId,
  timeZone,
  scheduler = DEFAULT_SCHEDULER,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  timeZone: string;
  scheduler?: SchedulerSettings;
  now?: Date;
}): Promise<TOfflineSnapshot> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(401, 'Sign in to continue');
  const { start, end } = dayBounds(dayOf(now, timeZone), timeZone);
  const newLeft = Math.max(0, user.newCardsPerDay - (await countNewStarted(db, userId, start, end)));
  const until = new Date(now.getTime() + OFFLINE_DAYS * 86_400_000);
  const newLimit = Math.min(OFFLINE_CARDS_MAX, newLeft + user.newCardsPerDay * (OFFLINE_DAYS - 1));
  const [rows, decks] = await Promise.all([
    listOfflineCards(db, userId, until, OFFLINE_CARDS_MAX, newLimit),
    listDeckNames(db, userId),
  ]);
  return {
    cards: rows.map(toOfflineCard),
    decks: decks.map((d) => ({ id: d.id, name: d.name })),
    newCardsPerDay: user.newCardsPerDay,
    newLeft,
    timeZone,
    fsrsParameters: [...scheduler.parameters],
    desiredRetention: scheduler.desiredRetention,
    savedAt: now.toISOString(),
  };
}
