import { CardState, type Db, findUserById, medianReviewSeconds, memoryColumns } from '@learnboost/db';
import { Rating } from 'ts-fsrs';
import type { TForecast } from '../../contract';
import { AppError } from '../../lib/errors';
import { addDays, dayBounds, dayOf } from '../../lib/local-days';
import { type SchedulerSettings, schedulerFor, seededRandom } from '../../lib/scheduling/schedule';

/** A review's typical length when the learner has no timed review yet. */
const TYPICAL_SECONDS = 8;

type SimCard = { due: number; last: number; s: number; d: number };

/**
 * The next `days` learner days, simulated with ts-fsrs from the learner's own cards and
 * parameters, once per desired retention asked about: each review succeeds with the card's
 * retrievability that day (a seeded draw, averaged over several runs for small collections),
 * a lapse costs a relearning step the same day, and new cards start at the learner's daily limit.
 */
export async function forecast({
  db,
  userId,
  timeZone,
  settings,
  days,
  retentions,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  timeZone: string;
  settings: SchedulerSettings;
  days: number;
  retentions: number[];
  now?: Date;
}): Promise<TForecast> {
  const [cards, user, median] = await Promise.all([
    memoryColumns(db, userId),
    findUserById(db, userId),
    medianReviewSeconds(db, userId),
  ]);
  if (!user) throw new AppError(401, 'Sign in to continue');
  const today = dayOf(now, timeZone);
  const start = dayBounds(today, timeZone).start.getTime() / 1000;
  const dayIndex = (epochSeconds: number) => Math.floor((epochSeconds - start) / 86_400);
  const started: SimCard[] = [];
  let newCards = 0;
  for (let i = 0; i < cards.state.length; i++) {
    const last = cards.lastReview[i];
    const s = cards.stability[i] as number;
    if (cards.state[i] === CardState.new || s <= 0 || last == null) newCards++;
    else
      started.push({
        due: Math.max(0, dayIndex(cards.due[i] as number)),
        last: dayIndex(last),
        s,
        d: cards.difficulty[i] as number,
      });
  }
  const secondsPerReview = median ?? TYPICAL_SECONDS;
  const lines = (retentions.length ? retentions : [settings.desiredRetention]).map((retention) => {
    const line = simulate(started, newCards, user.newCardsPerDay, days, { ...settings, desiredRetention: retention });
    const minutes = line.reviews.map((n) => round((n * secondsPerReview) / 60));
    return {
      retention,
      reviews: line.reviews.map(round),
      minutes,
      totalReviews: round(line.reviews.reduce((a, b) => a + b, 0)),
      totalMinutes: round(minutes.reduce((a, b) => a + b, 0)),
      averageRetention: Math.round(line.averageRetention * 10_000) / 10_000,
    };
  });
  return {
    days: Array.from({ length: days }, (_, i) => addDays(today, i)),
    secondsPerReview: round(secondsPerReview),
    lines,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

export function simulate(
  cards: SimCard[],
  newCards: number,
  newPerDay: number,
  days: number,
  settings: SchedulerSettings,
  /** An exam on day index `day`: intervals past it end in its final window (see exam.ts). */
  exam?: { day: number; windowDays: number },
): { reviews: number[]; averageRetention: number; examRetention: number | null } {
  const algo = schedulerFor(settings);
  const total = cards.length + Math.min(newCards, newPerDay * days);
  // Small collections are drawn several times so a handful of cards gives a smooth line.
  const runs = Math.max(1, Math.min(20, Math.floor(20_000 / Math.max(1, total))));
  const reviews = new Array<number>(days).fill(0);
  // Retention is sampled on about 10 days of the period, at their end.
  const every = Math.max(1, Math.ceil(days / 10));
  // FSRS-6's forgetting curve, inline: it runs for every card on every sampled day.
  const decay = -(settings.parameters[20] ?? 0.1542);
  const factor = 0.9 ** (1 / decay) - 1;
  const recall = (t: number, s: number) => (1 + (factor * t) / s) ** decay;
  let retentionSum = 0;
  let retentionSamples = 0;
  let examSum = 0;
  let examCards = 0;
  for (let run = 0; run < runs; run++) {
    const byDay: SimCard[][] = Array.from({ length: days }, () => []);
    const live: SimCard[] = [];
    for (const c of cards) {
      const copy = { ...c };
      live.push(copy);
      if (copy.due < days) (byDay[copy.due] as SimCard[]).push(copy);
    }
    let waiting = newCards;
    let draw = 0;
    const recalled = (r: number) => seededRandom(`${run}:${draw++}`) < r;
    for (let day = 0; day < days; day++) {
      let count = 0;
      const review = (card: SimCard, isNew: boolean) => {
        const t = Math.max(0, day - card.last);
        let state: { stability: number; difficulty: number };
        if (isNew) {
          state = algo.next_state(null, 0, Rating.Good);
          count += 2; // the first look and the 10-minute learning step
        } else {
          const r = recall(t, card.s);
          const ok = recalled(r);
          state = algo.next_state({ stability: card.s, difficulty: card.d }, t, ok ? Rating.Good : Rating.Again);
          count += ok ? 1 : 2; // a lapse is relearnt the same day
        }
        card.s = state.stability;
        card.d = state.difficulty;
        card.last = day;
        card.due = day + Math.max(1, algo.next_interval(card.s, t));
        if (exam && card.due >= exam.day && day < exam.day - exam.windowDays)
          card.due = exam.day - exam.windowDays + Math.floor(seededRandom(`exam:${run}:${draw++}`) * exam.windowDays);
        if (card.due < days) (byDay[card.due] as SimCard[]).push(card);
      };
      for (const card of byDay[day] as SimCard[]) review(card, false);
      const starting = Math.min(waiting, newPerDay);
      waiting -= starting;
      for (let i = 0; i < starting; i++) {
        const card = { due: day, last: day, s: 0, d: 0 };
        live.push(card);
        review(card, true);
      }
      (reviews as number[])[day] = (reviews[day] as number) + count / runs;
      if (live.length && (day % every === every - 1 || day === days - 1)) {
        let sum = 0;
        for (const c of live) sum += recall(Math.max(0, day + 1 - c.last), c.s);
        retentionSum += sum / live.length;
        retentionSamples++;
      }
    }
    if (exam) {
      for (const c of live) examSum += recall(Math.max(0, exam.day - c.last), c.s);
      examCards += live.length;
    }
  }
  return {
    reviews,
    averageRetention: retentionSamples ? retentionSum / retentionSamples : 0,
    examRetention: examCards ? examSum / examCards : null,
  };
}
