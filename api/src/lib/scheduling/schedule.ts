import type { FlashcardReviewRow, ScheduleFields } from '@learnboost/db';
import {
  type Card,
  createEmptyCard,
  type FSRS,
  fsrs,
  type Grade,
  generatorParameters,
  get_fuzz_range,
  Rating,
  type ReviewLog,
  State,
} from 'ts-fsrs';
import { dayOf } from '../local-days';
import { fromWallClock, toWallClock } from '../time-zone';

/**
 * How one learner is scheduled: FSRS-6's 21 parameters (default or fitted) and the retention they
 * aim at; `exams` (by deck id, nested decks included) bring intervals before an exam (exam-window.ts).
 */
export type SchedulerSettings = {
  parameters: readonly number[];
  desiredRetention: number;
  exams?: ReadonlyMap<string, { examDate: string; windowDays: number }>;
};

export const DEFAULT_PARAMETERS: readonly number[] = Object.freeze([...generatorParameters().w]);
export const DEFAULT_DESIRED_RETENTION = 0.9;
export const DEFAULT_SCHEDULER: SchedulerSettings = {
  parameters: DEFAULT_PARAMETERS,
  desiredRetention: DEFAULT_DESIRED_RETENTION,
};

// ts-fsrs instances by settings (1m/10m learning steps). Fuzz is ours (below), seeded per card.
const schedulers = new Map<string, FSRS>();
export function schedulerFor(settings: SchedulerSettings): FSRS {
  const key = `${settings.desiredRetention}|${settings.parameters.join(',')}`;
  let found = schedulers.get(key);
  if (!found) {
    if (schedulers.size >= 500) schedulers.delete(schedulers.keys().next().value as string);
    found = fsrs(
      generatorParameters({
        w: [...settings.parameters],
        request_retention: settings.desiredRetention,
        enable_fuzz: false,
      }),
    );
    schedulers.set(key, found);
  }
  return found;
}

export const gradeOf = (remembered: boolean | undefined, rating: Grade | undefined): Grade =>
  rating ?? (remembered ? Rating.Good : Rating.Again);

/** Hard, Good and Easy are remembered; Again is forgotten (the spec's "Remembered"/"Review Again"). */
export const isRemembered = (rating: number): boolean => rating > Rating.Again;

/** Longer than this on one card is an idle tab, not study. */
export const MAX_REVIEW_MS = 60_000;
/** A review's study time, as the log keeps it: a card left open over lunch is not an hour of study. */
export const reviewDuration = (durationMs: number): number => Math.max(0, Math.min(durationMs, MAX_REVIEW_MS));

/** What a review row keeps: ts-fsrs's log, plus the exact due the card had before. */
export type ReviewRecord = Pick<
  FlashcardReviewRow,
  | 'rating'
  | 'state'
  | 'due'
  | 'stability'
  | 'difficulty'
  | 'elapsedDays'
  | 'lastElapsedDays'
  | 'scheduledDays'
  | 'learningSteps'
  | 'stateAfter'
  | 'reviewedAt'
>;

const toCard = (c: ScheduleFields): Card => ({
  due: c.due,
  stability: c.stability,
  difficulty: c.difficulty,
  elapsed_days: c.elapsedDays,
  scheduled_days: c.scheduledDays,
  learning_steps: c.learningSteps,
  reps: c.reps,
  lapses: c.lapses,
  state: c.state as State,
  last_review: c.lastReview ?? undefined,
});

const fromCard = (c: Card): ScheduleFields => ({
  due: c.due,
  stability: c.stability,
  difficulty: c.difficulty,
  elapsedDays: c.elapsed_days,
  scheduledDays: c.scheduled_days,
  learningSteps: c.learning_steps,
  reps: c.reps,
  lapses: c.lapses,
  state: c.state,
  lastReview: c.last_review ?? null,
});

/** A card never studied, as ts-fsrs starts one at `at`. */
export const newCardSchedule = (at: Date): ScheduleFields => fromCard(createEmptyCard(at));

/**
 * Where a review card may land: its fuzz range, in days. `load` (the review cards already due on a
 * learner day) pushes it toward lighter days, as Anki's load balancer does; without it the day is
 * drawn evenly. `seed` makes the draw the card's own, so cards reviewed together scatter.
 */
export type ScheduleOptions = { seed?: string; load?: (day: string) => number };

/**
 * One review, scheduled in the learner's days. ts-fsrs counts days between UTC midnights, so
 * every instant is handed to it as the learner's wall clock (reviews at 23:30 and at 00:30 local
 * are a day apart, whatever UTC says) and the new due is turned back into a real instant.
 * `settings` are the learner's (loaded once per request); absent, FSRS's defaults.
 */
export function scheduleReview(
  card: ScheduleFields & { id?: string },
  grade: Grade,
  now: Date,
  timeZone: string,
  settings: SchedulerSettings = DEFAULT_SCHEDULER,
  options: ScheduleOptions = {},
): { next: ScheduleFields; record: ReviewRecord; fuzz?: { min: number; max: number } } {
  const wall = (d: Date) => toWallClock(d, timeZone);
  const local = toCard({ ...card, due: wall(card.due), lastReview: card.lastReview ? wall(card.lastReview) : null });
  const scheduler = schedulerFor(settings);
  const { card: scheduled, log } = scheduler.next(local, wall(now), grade);
  let next = { ...fromCard(scheduled), due: fromWallClock(scheduled.due, timeZone), lastReview: now };
  let fuzz: { min: number; max: number } | undefined;
  if (scheduled.state === State.Review && scheduled.scheduled_days >= 3) {
    const range = get_fuzz_range(scheduled.scheduled_days, log.elapsed_days, scheduler.parameters.maximum_interval);
    fuzz = { min: range.min_ivl, max: range.max_ivl };
    const seed = `${options.seed ?? card.id ?? now.getTime()}:${card.reps}`;
    const days = pickDay(
      fuzz,
      seed,
      (d) => options.load?.(dayOf(atDays(now, d, timeZone), timeZone)) ?? 0,
      !!options.load,
    );
    next = { ...next, scheduledDays: days, due: atDays(now, days, timeZone) };
  }
  return { next, record: toRecord(log, card.due, next.state, now), fuzz };
}

/** `days` learner days after `now`, at the same time of day (DST-proof). */
const atDays = (now: Date, days: number, timeZone: string) =>
  fromWallClock(new Date(toWallClock(now, timeZone).getTime() + days * 86_400_000), timeZone);

/**
 * A day in the fuzz range. Balanced: each day weighs 1/(load+1)² × 1/days (Anki's load balancer
 * favours light days and, among them, the sooner); otherwise every day weighs the same.
 */
function pickDay(range: { min: number; max: number }, seed: string, load: (days: number) => number, balance: boolean) {
  const days: number[] = [];
  for (let d = range.min; d <= range.max; d++) days.push(d);
  const weights = days.map((d) => (balance ? 1 / ((load(d) + 1) ** 2 * d) : 1));
  const total = weights.reduce((a, b) => a + b, 0);
  let draw = seededRandom(seed) * total;
  for (let i = 0; i < days.length; i++) {
    draw -= weights[i] as number;
    if (draw < 0) return days[i] as number;
  }
  return range.max;
}

/** A number in [0, 1) that depends only on `seed` (FNV-1a, then one mulberry32 step). */
export function seededRandom(seed: string): number {
  return unitOf(fnv1a(0x811c9dc5, seed));
}

/**
 * seededRandom(`${prefix}${n}`) for a non-negative integer n, the prefix hashed once and no string
 * made: the forecast draws tens of thousands of these a request.
 */
export function seededSequence(prefix: string): (n: number) => number {
  const start = fnv1a(0x811c9dc5, prefix);
  const digits = new Uint8Array(16);
  return (n) => {
    let k = 0;
    let m = n;
    do {
      digits[k++] = 48 + (m % 10);
      m = Math.floor(m / 10);
    } while (m > 0);
    let h = start;
    while (k > 0) h = Math.imul(h ^ (digits[--k] as number), 0x01000193);
    return unitOf(h);
  };
}

function fnv1a(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

function unitOf(h: number): number {
  let t = (h + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

/** How likely the learner still remembers the card at `at` (FSRS's forgetting curve); a new card: 0. */
export function retrievability(
  card: Pick<ScheduleFields, 'state' | 'stability' | 'lastReview'>,
  at: Date,
  settings: SchedulerSettings = DEFAULT_SCHEDULER,
): number {
  if (card.state === State.New || !card.lastReview || card.stability <= 0) return 0;
  const days = Math.max(0, (at.getTime() - card.lastReview.getTime()) / 86_400_000);
  return schedulerFor(settings).forgetting_curve(days, card.stability);
}

const toRecord = (log: ReviewLog, dueBefore: Date, stateAfter: number, now: Date): ReviewRecord => ({
  rating: log.rating,
  state: log.state,
  due: dueBefore,
  stability: log.stability,
  difficulty: log.difficulty,
  elapsedDays: log.elapsed_days,
  lastElapsedDays: log.last_elapsed_days,
  scheduledDays: log.scheduled_days,
  learningSteps: log.learning_steps,
  stateAfter,
  reviewedAt: now,
});

/**
 * The card as it was before `review`. ts-fsrs's rollback restores the memory state (stability,
 * difficulty, steps, reps, lapses); it cannot know the exact due the card had, nor the review
 * before, so those come from our own log.
 */
export function rollbackReview(
  card: ScheduleFields,
  review: ReviewRecord,
  previousReviewAt: Date | null,
  settings: SchedulerSettings = DEFAULT_SCHEDULER,
): ScheduleFields {
  const before = schedulerFor(settings).rollback(toCard(card), {
    rating: review.rating as Grade,
    state: review.state as State,
    due: previousReviewAt ?? review.due,
    stability: review.stability,
    difficulty: review.difficulty,
    elapsed_days: review.elapsedDays,
    last_elapsed_days: review.lastElapsedDays,
    scheduled_days: review.scheduledDays,
    learning_steps: review.learningSteps,
    review: review.reviewedAt,
  });
  return { ...fromCard(before), due: review.due, lastReview: previousReviewAt };
}
