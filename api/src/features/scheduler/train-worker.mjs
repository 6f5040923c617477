// One optimisation, off the thread that answers requests: fsrs-rs (through the binding) blocks
// its thread for hundreds of milliseconds at a time. Plain JavaScript so the same file runs under
// the bundled server (copied beside dist/server.js) and in tests.
import { parentPort, workerData } from 'node:worker_threads';
import { computeParameters, FSRSBinding, FSRSBindingItem, FSRSBindingReview } from '@open-spaced-repetition/binding';

const { ratings, deltas, starts, current } = workerData;

/**
 * One item per review made on a later day than the card's previous one, holding the card's
 * reviews up to it. Items whose reviews after the first all fall on day 0 are never made: the
 * binding 0.5.0 aborts the whole process on one.
 */
function itemsOf() {
  const items = [];
  for (let c = 0; c < starts.length - 1; c++) {
    const reviews = [];
    for (let i = starts[c]; i < starts[c + 1]; i++) {
      reviews.push(new FSRSBindingReview(ratings[i], i === starts[c] ? 0 : deltas[i]));
      if (i > starts[c] && deltas[i] > 0) items.push(new FSRSBindingItem(reviews.slice()));
    }
  }
  return items;
}

const items = itemsOf();
const before = new FSRSBinding(current).evaluate(items);
let last = 0;
const fitted = await computeParameters(items, {
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
