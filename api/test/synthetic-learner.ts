// A learner whose memory follows known FSRS parameters, reviewed on the app's own schedule: what
// the optimiser's tests and bench learn from. Deterministic (seeded), written straight to the
// database (thousands of reviews through HTTP would only time the HTTP).
import { type Db, insertCards, insertReviewRows, type ScheduleFields } from '@learnboost/db';
import { fsrs, type Grade, generatorParameters, Rating } from 'ts-fsrs';
import {
  DEFAULT_PARAMETERS,
  newCardSchedule,
  type ReviewRecord,
  scheduleReview,
  seededRandom,
} from '../src/lib/scheduling/schedule';

const DAY = 86_400_000;

/**
 * Remembers about three times as long as FSRS's defaults after a first look, and each successful
 * review lengthens memory about 1.8 times as much (w8 + 0.6).
 */
export const STRONG_MEMORY: number[] = DEFAULT_PARAMETERS.map((w, i) => (i < 4 ? w * 3 : i === 8 ? w + 0.6 : w));

export async function writeSyntheticHistory(
  db: Db,
  userId: string,
  {
    parameters,
    cards,
    reviewsPerCard = 12,
    now = new Date(),
    seed = 'learner',
  }: { parameters: readonly number[]; cards: number; reviewsPerCard?: number; now?: Date; seed?: string },
): Promise<number> {
  const memory = fsrs(generatorParameters({ w: [...parameters] }));
  let draws = 0;
  const random = () => seededRandom(`${seed}:${draws++}`);
  // Midnight, 400 days ago: the learner studies at 9 in the morning (UTC) whatever the time of the
  // run, so a learning step never crosses midnight and the same seed gives the same history.
  const begin = (Math.floor(now.getTime() / DAY) - 400) * DAY;
  const rows = [];
  const logs: (ReviewRecord & { durationMs: number; cardIndex: number })[] = [];
  for (let c = 0; c < cards; c++) {
    let at = new Date(begin + Math.floor(random() * 120) * DAY + 9 * 3_600_000);
    let schedule: ScheduleFields = newCardSchedule(at);
    let state: { stability: number; difficulty: number } | null = null;
    let lastDay = 0;
    for (let n = 0; n < reviewsPerCard && at < now; n++) {
      const day = Math.floor(at.getTime() / DAY);
      const t = state ? day - lastDay : 0;
      let grade: Grade;
      if (!state) {
        const u = random();
        grade = u < 0.15 ? Rating.Again : u < 0.25 ? Rating.Hard : u < 0.85 ? Rating.Good : Rating.Easy;
      } else {
        const recalled = random() < memory.forgetting_curve(t, state.stability);
        const u = random();
        grade = !recalled ? Rating.Again : u < 0.1 ? Rating.Hard : u < 0.9 ? Rating.Good : Rating.Easy;
      }
      state = memory.next_state(state, t, grade);
      lastDay = day;
      const { next, record } = scheduleReview(schedule, grade, at, 'UTC', undefined, { seed: `${seed}:${c}` });
      logs.push({ ...record, durationMs: 4000 + Math.floor(random() * 8000), cardIndex: c });
      schedule = next;
      // Learners come back on the due day or a little later, so intervals vary.
      const late = next.scheduledDays > 0 ? Math.floor(random() * (1 + next.scheduledDays / 3)) * DAY : 0;
      at = new Date(next.due.getTime() + late);
    }
    rows.push({ userId, question: `Synthetic ${seed} ${c}`, answer: `a${c}`, ...schedule, createdAt: new Date(begin) });
  }
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += 500)
    ids.push(...(await insertCards(db, rows.slice(i, i + 500))).map((r) => r.id));
  const reviews = logs.map(({ cardIndex, ...log }) => ({ ...log, cardId: ids[cardIndex] as string, userId }));
  for (let i = 0; i < reviews.length; i += 2000) await insertReviewRows(db, reviews.slice(i, i + 2000));
  return reviews.length;
}
