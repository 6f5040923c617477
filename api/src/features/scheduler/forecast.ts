import { CardState, type Db, findUserById, medianReviewSeconds, memoryColumns } from '@learnboost/db';
import { type FSRS, Rating } from 'ts-fsrs';
import type { TForecast } from '../../contract';
import { AppError } from '../../lib/errors';
import { addDays, dayBounds, dayOf } from '../../lib/local-days';
import { type SchedulerSettings, schedulerFor, seededSequence } from '../../lib/scheduling/schedule';

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
  const model = memoryModel(schedulerFor(settings));
  const started = Math.min(newCards, newPerDay * days);
  const total = cards.length + started;
  // Small collections are drawn several times so a handful of cards gives a smooth line.
  const runs = Math.max(1, Math.min(20, Math.floor(20_000 / Math.max(1, total))));
  const reviews = new Array<number>(days).fill(0);
  // Retention is sampled on about 10 days of the period, at their end.
  const every = Math.max(1, Math.ceil(days / 10));
  // FSRS-6's forgetting curve, inline: it runs for every card on every sampled day.
  const decay = -(settings.parameters[20] ?? 0.1542);
  const factor = 0.9 ** (1 / decay) - 1;
  const recall = (t: number, s: number) => (1 + (factor * t) / s) ** decay;
  // The cards column by column, and each day's due cards as a list threaded through `next` (in
  // the order they came due): tens of thousands of reviews make no object each.
  const due = new Int32Array(total);
  const last = new Int32Array(total);
  const stability = new Float64Array(total);
  const difficulty = new Float64Array(total);
  const next = new Int32Array(total);
  const head = new Int32Array(days);
  const tail = new Int32Array(days);
  let retentionSum = 0;
  let retentionSamples = 0;
  let examSum = 0;
  let examCards = 0;
  for (let run = 0; run < runs; run++) {
    head.fill(-1);
    tail.fill(-1);
    const queue = (i: number) => {
      const day = due[i] as number;
      if (day >= days) return;
      next[i] = -1;
      if (tail[day] === -1) head[day] = i;
      else next[tail[day] as number] = i;
      tail[day] = i;
    };
    let live = 0;
    for (const c of cards) {
      due[live] = c.due;
      last[live] = c.last;
      stability[live] = c.s;
      difficulty[live] = c.d;
      queue(live++);
    }
    let waiting = newCards;
    let draw = 0;
    const random = seededSequence(`${run}:`);
    const examRandom = seededSequence(`exam:${run}:`);
    for (let day = 0; day < days; day++) {
      let count = 0;
      const review = (i: number, isNew: boolean) => {
        const t = Math.max(0, day - (last[i] as number));
        if (isNew) {
          stability[i] = model.firstStability;
          difficulty[i] = model.firstDifficulty;
          count += 2; // the first look and the 10-minute learning step
        } else {
          const s = stability[i] as number;
          const ok = random(draw++) < recall(t, s);
          model.next(i, stability, difficulty, t, ok ? Rating.Good : Rating.Again);
          count += ok ? 1 : 2; // a lapse is relearnt the same day
        }
        last[i] = day;
        due[i] = day + Math.max(1, model.interval(stability[i] as number));
        if (exam && (due[i] as number) >= exam.day && day < exam.day - exam.windowDays)
          due[i] = exam.day - exam.windowDays + Math.floor(examRandom(draw++) * exam.windowDays);
        queue(i);
      };
      for (let i = head[day] as number; i !== -1; ) {
        // Read before the review threads the card into a later day's list.
        const after = next[i] as number;
        review(i, false);
        i = after;
      }
      const starting = Math.min(waiting, newPerDay);
      waiting -= starting;
      for (let k = 0; k < starting; k++) {
        last[live] = day;
        review(live++, true);
      }
      (reviews as number[])[day] = (reviews[day] as number) + count / runs;
      if (live && (day % every === every - 1 || day === days - 1)) {
        let sum = 0;
        for (let i = 0; i < live; i++)
          sum += recall(Math.max(0, day + 1 - (last[i] as number)), stability[i] as number);
        retentionSum += sum / live;
        retentionSamples++;
      }
    }
    if (exam) {
      for (let i = 0; i < live; i++)
        examSum += recall(Math.max(0, exam.day - (last[i] as number)), stability[i] as number);
      examCards += live;
    }
  }
  return {
    reviews,
    averageRetention: retentionSamples ? retentionSum / retentionSamples : 0,
    examRetention: examCards ? examSum / examCards : null,
  };
}

const S_MIN = 0.001;
const S_MAX = 36_500;
const round8 = (n: number) => Math.round(n * 1e8) / 1e8;
const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

/**
 * ts-fsrs's next_state (Good or Again) and next_interval, the same arithmetic in the same order
 * (so the same numbers), without the objects each call makes and the proxy its parameters sit
 * behind: a forecast runs them tens of thousands of times. A state ts-fsrs refuses goes to
 * ts-fsrs itself, which says why.
 */
function memoryModel(algo: FSRS) {
  const { w: params, enable_short_term: shortTerm, maximum_interval: maxInterval } = algo.parameters;
  const w = Float64Array.from(params);
  const at = (i: number) => w[i] as number;
  const modifier = algo.interval_modifier;
  const decay = -at(20);
  const factor = round8(Math.exp(decay ** -1 * Math.log(0.9)) - 1);
  const easyDifficulty = round8(at(4) - Math.exp(3 * at(5)) + 1);
  const lapseFloor = shortTerm ? Math.exp(at(17) * at(18)) : Math.exp(0 * 0);
  const first = algo.next_state(null, 0, Rating.Good);
  return {
    firstStability: first.stability,
    firstDifficulty: first.difficulty,
    interval: (s: number) => Math.round(Math.min(Math.max(1, Math.round(s * modifier)), maxInterval)),
    next(i: number, stability: Float64Array, difficulty: Float64Array, t: number, g: Rating.Good | Rating.Again) {
      const s = stability[i] as number;
      const d = difficulty[i] as number;
      if (d < 1 || s < S_MIN) {
        const state = algo.next_state({ stability: s, difficulty: d }, t, g);
        stability[i] = state.stability;
        difficulty[i] = state.difficulty;
        return;
      }
      const r = round8((1 + (factor * t) / s) ** decay);
      if (t === 0 && shortTerm) {
        const sinc = s ** -at(19) * Math.exp(at(17) * (g - 3 + at(18)));
        stability[i] = round8(clamp(s * (g >= Rating.Hard ? Math.max(sinc, 1) : sinc), S_MIN, S_MAX));
      } else if (g === Rating.Again) {
        const afterFail = round8(
          clamp(at(11) * d ** -at(12) * ((s + 1) ** at(13) - 1) * Math.exp((1 - r) * at(14)), S_MIN, S_MAX),
        );
        stability[i] = clamp(round8(s / lapseFloor), S_MIN, afterFail);
      } else {
        stability[i] = round8(
          clamp(s * (1 + Math.exp(at(8)) * (11 - d) * s ** -at(9) * (Math.exp((1 - r) * at(10)) - 1)), S_MIN, S_MAX),
        );
      }
      const deltaD = -at(6) * (g - 3);
      const nextD = d + round8((deltaD * (10 - d)) / 9);
      difficulty[i] = clamp(round8(at(7) * easyDifficulty + (1 - at(7)) * nextD), 1, 10);
    },
  };
}
