// Optimisations, off the thread that answers requests: fsrs-rs (through the binding) blocks its
// thread for hundreds of milliseconds at a time, and so would turning 100,000 reviews into its
// items. Plain JavaScript so the same file runs in tests as it is, and under the bundled server
// as its own bundle beside dist/server.js (build.mjs). One worker serves one job.
//
// From its owner: {kind: 'start', timeZone}; {kind: 'page', text} pages of the review log, card
// by card in the order of their ids, each card's reviews "rating,state,seconds since the epoch"
// oldest first joined by ' ', cards joined by ';'; then {kind: 'train', current, minItems}. To its
// owner: {kind: 'progress', progress}, then {kind: 'result', result} or {kind: 'tooFew', items} or
// {kind: 'failed', message}.
import { parentPort } from 'node:worker_threads';
import { computeParameters, FSRSBindingItem, FSRSBindingReview } from '@open-spaced-repetition/binding';
import { offsetAt, wallClockFormat } from '../../lib/zone-clock.mjs';
import { judge, judgingPlan, ReviewColumns } from './fit-judge.mjs';

const NEW = 0;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The job's items so far, in the order they go to the binding (card by card, each card's in order). */
let items = [];
/** The reviews they are made of, which the fits are judged on (fit-judge.mjs). */
let columns = new ReviewColumns();
/**
 * One binding review per (rating, days) met: an item copies its reviews into fsrs-rs, so the
 * same object serves every review alike, and making 100,000 of them (a native object each) cost
 * about as much as reading the log.
 */
const reviewOf = new Map();
const review = (rating, delta) => {
  const key = delta * 8 + rating;
  let r = reviewOf.get(key);
  if (!r) {
    r = new FSRSBindingReview(rating, delta);
    reviewOf.set(key, r);
  }
  return r;
};

/** The learner's day of an instant (seconds since the epoch). */
let dayOf = (seconds) => Math.floor((seconds * 1000) / DAY_MS);

/** Learner days in `timeZone`: the zone's offset read once per hour of the log (Intl is slow). */
function countDaysIn(timeZone) {
  const format = wallClockFormat(timeZone);
  const offsets = new Map();
  dayOf = (seconds) => {
    const ms = seconds * 1000;
    const hour = Math.floor(ms / HOUR_MS);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      offset = offsetAt(format, new Date(hour * HOUR_MS));
      offsets.set(hour, offset);
    }
    return Math.floor((ms + offset) / DAY_MS);
  };
}

/**
 * One item per review made on a later day than the card's previous one, holding the card's
 * reviews up to it, made as the page arrives. A card's history starts at a review of it as a new
 * card; one reset to new starts again there (what came before no longer shapes its memory);
 * reviews before any such start are left out. Items whose reviews after the first all fall on
 * day 0 are never made: the binding 0.5.0 aborts the whole process on one.
 */
function addPage(text) {
  if (!text) return;
  for (const card of text.split(';')) {
    let reviews = null;
    let lastDay = 0;
    for (const line of card.split(' ')) {
      const a = line.indexOf(',');
      const b = line.indexOf(',', a + 1);
      const rating = Number(line.slice(0, a));
      const state = Number(line.slice(a + 1, b));
      const day = dayOf(Number(line.slice(b + 1)));
      if (state === NEW) {
        reviews = [review(rating, 0)];
        lastDay = day;
        columns.push(rating, 0, true, false);
        continue;
      }
      if (!reviews) continue;
      const delta = Math.max(0, day - lastDay);
      lastDay = day;
      reviews.push(review(rating, delta));
      columns.push(rating, delta, false, delta > 0);
      // The binding copies the reviews into the item: the array may grow on.
      if (delta > 0) items.push(new FSRSBindingItem(reviews));
    }
  }
}

async function train({ current, minItems }) {
  const trainSet = items;
  const reviews = columns;
  items = [];
  columns = new ReviewColumns();
  if (trainSet.length < minItems) return void parentPort.postMessage({ kind: 'tooFew', items: trainSet.length });
  let last = 0;
  // The binding trains on a thread of its own: the parameters in use are judged meanwhile.
  const training = computeParameters(trainSet, {
    enableShortTerm: true,
    progress: (done, total) => {
      const now = Date.now();
      // Progress messages at most every 100 ms: the owner writes them to the database.
      if (total > 0 && now - last > 100) {
        last = now;
        parentPort.postMessage({ kind: 'progress', progress: done / total });
      }
      return true;
    },
  });
  // Judged as the binding's evaluate would (fit-judge.mjs), from the reviews themselves.
  const plan = judgingPlan(reviews);
  const before = judge(current, reviews, plan);
  const fitted = await training;
  // Rounded as stored, and judged as stored.
  const parameters = Array.from(fitted, (p) => Math.round(p * 1e4) / 1e4);
  const after = judge(parameters, reviews, plan);
  parentPort.postMessage({
    kind: 'result',
    result: {
      parameters,
      reviews: trainSet.length,
      logLossBefore: before.logLoss,
      logLossAfter: after.logLoss,
      rmseBefore: before.rmseBins,
      rmseAfter: after.rmseBins,
    },
  });
}

parentPort.on('message', (m) => {
  if (m.kind === 'start') return countDaysIn(m.timeZone);
  if (m.kind === 'page') return addPage(m.text);
  if (m.kind === 'train')
    train(m).catch((err) => {
      items = [];
      columns = new ReviewColumns();
      parentPort.postMessage({ kind: 'failed', message: String(err?.message ?? err) });
    });
});
