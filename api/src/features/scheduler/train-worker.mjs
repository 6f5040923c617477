// Optimisations, off the thread that answers requests: fsrs-rs (through the binding) blocks its
// thread for hundreds of milliseconds at a time, and so would turning 100,000 reviews into its
// items. Plain JavaScript so the same file runs in tests as it is, and under the bundled server
// as its own bundle beside dist/server.js (build.mjs). One worker serves one job.
//
// From its owner: {kind: 'start', timeZone}; {kind: 'page', text} pages of the review log, oldest
// first, each review "cardId,rating,state,seconds since the epoch", ';' between reviews; then
// {kind: 'train', current, minItems}. To its owner: {kind: 'progress', progress}, then
// {kind: 'result', result} or {kind: 'tooFew', items} or {kind: 'failed', message}.
import { parentPort } from 'node:worker_threads';
import { computeParameters, FSRSBinding, FSRSBindingItem, FSRSBindingReview } from '@open-spaced-repetition/binding';
import { offsetAt, wallClockFormat } from '../../lib/zone-clock.mjs';

const NEW = 0;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The job's cards by id: the reviews of their current history and the items made so far. */
let cards = new Map();
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
 * reviews up to it, made as the review arrives (the log comes oldest first). A card's history
 * starts at a review of it as a new card; one reset to new starts again there (what came before
 * no longer shapes its memory); reviews before any such start are left out. Items whose reviews
 * after the first all fall on day 0 are never made: the binding 0.5.0 aborts the whole process
 * on one.
 */
function addPage(text) {
  if (!text) return;
  for (const line of text.split(';')) {
    const a = line.indexOf(',');
    const b = line.indexOf(',', a + 1);
    const c = line.indexOf(',', b + 1);
    const id = line.slice(0, a);
    const rating = Number(line.slice(a + 1, b));
    const state = Number(line.slice(b + 1, c));
    const day = dayOf(Number(line.slice(c + 1)));
    let card = cards.get(id);
    if (!card) {
      card = { reviews: null, lastDay: 0, items: [] };
      cards.set(id, card);
    }
    if (state === NEW) {
      card.reviews = [review(rating, 0)];
      card.lastDay = day;
      continue;
    }
    if (!card.reviews) continue;
    const delta = Math.max(0, day - card.lastDay);
    card.lastDay = day;
    card.reviews.push(review(rating, delta));
    // The binding copies the reviews into the item: the array may grow on.
    if (delta > 0) card.items.push(new FSRSBindingItem(card.reviews));
  }
}

/** The items card by card (ids in order), each card's in the order of its reviews. */
function itemsInOrder() {
  const ids = [...cards.keys()].sort();
  const items = [];
  for (const id of ids) for (const item of cards.get(id).items) items.push(item);
  return items;
}

async function train({ current, minItems }) {
  const items = itemsInOrder();
  cards = new Map();
  if (items.length < minItems) return void parentPort.postMessage({ kind: 'tooFew', items: items.length });
  let last = 0;
  // The binding trains on a thread of its own: the parameters in use are judged meanwhile.
  const training = computeParameters(items, {
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
  const before = new FSRSBinding(current).evaluate(items);
  const fitted = await training;
  // Rounded as stored, and judged as stored.
  const parameters = Array.from(fitted, (p) => Math.round(p * 1e4) / 1e4);
  const after = new FSRSBinding(parameters).evaluate(items);
  parentPort.postMessage({
    kind: 'result',
    result: {
      parameters,
      reviews: items.length,
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
      cards = new Map();
      parentPort.postMessage({ kind: 'failed', message: String(err?.message ?? err) });
    });
});
