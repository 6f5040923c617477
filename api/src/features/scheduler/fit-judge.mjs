// The log loss and RMSE (bins) of a set of FSRS-6 parameters on the optimiser's items: what the
// binding's `new FSRSBinding(parameters).evaluate(items)` answers (binding 0.5.0, fsrs-rs
// v6.5.0: `prepare_items` in its convert.rs, `FSRS::evaluate` in inference.rs), computed from the
// reviews the worker already holds. fsrs-rs runs every item's reviews from the first one: a card
// of 20 reviews makes 19 items and about 200 steps of its model, in 32-bit floats, 0.2–0.4 s for
// 95,000 items on this machine; an item only adds its last review to the one before it, so one
// pass over a card's reviews predicts all its items (100,000 steps, a few milliseconds). The
// arithmetic is fsrs-rs's, in the same order, each step rounded to 32 bits (Math.fround), so the
// answers are the binding's to a float's last bits: exp, ln and pow come from JavaScript's Math,
// not the C library's, and now and then round their last bit another way (a log loss of
// 0.78307378 against 0.78307372 in fit-judge.test.ts, 8e-8 apart); fsrs-rs itself sums its RMSE
// bins in an order that changes from run to run. On 95,000 items such a difference moves the
// keep rule's gain by about 0.01 nats, against its bar of 10.5 (optimizer.ts).
// Plain JavaScript, as train-worker.mjs, which it serves.

const f = Math.fround;
/** fsrs-rs simulation.rs. */
const S_MIN = f(0.001);
const S_MAX = 36500;
const D_MIN = 1;
const D_MAX = 10;
/** fsrs-rs parameter_initialization.rs. */
const INIT_S_MAX = 100;
/**
 * fsrs-rs parameter_clipper.rs with one relearning step and short-term off (what `FSRS::new`
 * clips with): each parameter's bounds.
 */
const CLAMPS = [
  [S_MIN, INIT_S_MAX],
  [S_MIN, INIT_S_MAX],
  [S_MIN, INIT_S_MAX],
  [S_MIN, INIT_S_MAX],
  [D_MIN, D_MAX],
  [0.001, 4],
  [0.001, 4],
  [0.001, 0.75],
  [0, 4.5],
  [0, 0.8],
  [0.001, 3.5],
  [0.001, 5],
  [0.001, 0.25],
  [0.001, 0.9],
  [0, 4],
  [0, 1],
  [1, 6],
  [0, 2],
  [0, 2],
  [0, 0.8],
  [0.1, 0.8],
].map(([low, high]) => [f(low), f(high)]);

/** f32::clamp: NaN stays NaN (Math.min/max would agree, but not on the bounds' types). */
// biome-ignore lint/complexity/useMathMinMax: spelt out to mirror fsrs-rs's clamp exactly
const clamp = (x, low, high) => (x < low ? low : x > high ? high : x);
/** f32::min: NaN loses (Math.min would answer NaN). */
// biome-ignore lint/complexity/useMathMinMax: Math.min answers NaN where f32::min answers the other
const min = (a, b) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : a < b ? a : b);

/** Growable columns of the reviews the items are made of, in the order the items go to fsrs-rs. */
export class ReviewColumns {
  length = 0;
  items = 0;
  rating = new Uint8Array(1024);
  delta = new Uint32Array(1024);
  /** 1: the first review of a card's history (its items start there). */
  first = new Uint8Array(1024);
  /** 1: the last review of an item (one is made for every review on a later day). */
  item = new Uint8Array(1024);

  push(rating, delta, first, item) {
    if (this.length === this.rating.length) {
      for (const column of ['rating', 'delta', 'first', 'item']) {
        const grown = new this[column].constructor(this.length * 2);
        grown.set(this[column]);
        this[column] = grown;
      }
    }
    const i = this.length++;
    this.rating[i] = rating;
    this.delta[i] = delta;
    this.first[i] = first ? 1 : 0;
    this.item[i] = item ? 1 : 0;
    if (item) this.items++;
  }
}

/** One of fsrs-rs `FSRSItem::r_matrix_index`'s bins (64-bit floats, as there), remembered per value. */
function binner(scale, base) {
  const known = new Map();
  return (x) => {
    let bin = known.get(x);
    if (bin === undefined) {
      bin = Math.round(scale * base ** Math.floor(Math.log(x) / Math.log(base)));
      known.set(x, bin);
    }
    return bin;
  };
}

/**
 * What does not depend on the parameters, worked out once per job: the order fsrs-rs judges the
 * items in, each one's label, weight and RMSE bin.
 *
 * The binding's `prepare_items` puts the items holding one long-term review (delta > 0) first,
 * less fsrs-rs's outliers (`filter_outlier`: grouped by first rating and that review's delta,
 * the smallest groups, smallest delta first among equals, dropped until 5% or 20 are gone, and
 * any group under 6 items or past 100 days, 365 after Easy), in their groups' order; then the
 * other items, less those whose first rating and first long-term delta were dropped; `evaluate`
 * weighs item k of n by 0.25 + 0.75 (k / (n − 1))³ and bins it by its last delta, its long-term
 * reviews and its lapses.
 */
export function judgingPlan(columns) {
  const n = columns.items;
  const firstRating = new Uint8Array(n);
  const firstLongDelta = new Uint32Array(n);
  const longTerm = new Uint32Array(n);
  const key = new Float64Array(n);
  const label = new Uint8Array(n);
  const deltaBin = binner(248, 3.62);
  const lengthBin = binner(1.99, 1.89);
  const lapseBin = binner(1.65, 1.73);
  let k = 0;
  let historyRating = 0;
  let historyFirstLong = 0;
  let longTermSoFar = 0;
  let lapsesSoFar = 0;
  for (let i = 0; i < columns.length; i++) {
    const rating = columns.rating[i];
    const delta = columns.delta[i];
    if (columns.first[i] === 1) {
      historyRating = rating;
      historyFirstLong = 0;
      longTermSoFar = 0;
      lapsesSoFar = 0;
      continue;
    }
    if (delta > 0) {
      longTermSoFar++;
      if (longTermSoFar === 1) historyFirstLong = delta;
    }
    if (columns.item[i] === 1) {
      firstRating[k] = historyRating;
      firstLongDelta[k] = historyFirstLong;
      longTerm[k] = longTermSoFar;
      key[k] =
        deltaBin(delta) * 1e8 + lengthBin(longTermSoFar + 1) * 1e4 + (lapsesSoFar === 0 ? 0 : lapseBin(lapsesSoFar));
      label[k] = rating > 1 ? 1 : 0;
      k++;
    }
    if (rating === 1 && delta > 0) lapsesSoFar++;
  }

  // filter_outlier, on the items with one long-term review.
  const groups = new Map();
  for (let i = 0; i < n; i++) {
    if (longTerm[i] !== 1) continue;
    if (!groups.has(firstRating[i])) groups.set(firstRating[i], new Map());
    const byDelta = groups.get(firstRating[i]);
    if (!byDelta.has(firstLongDelta[i])) byDelta.set(firstLongDelta[i], []);
    byDelta.get(firstLongDelta[i]).push(i);
  }
  const order = new Uint32Array(n);
  let judged = 0;
  const removed = new Set();
  for (const rating of [...groups.keys()].sort((a, b) => a - b)) {
    const subGroups = [...groups.get(rating)].sort(([da, a], [db, b]) => a.length - b.length || da - db);
    const total = subGroups.reduce((sum, [, g]) => sum + g.length, 0);
    let removedSoFar = 0;
    for (const [delta, group] of subGroups) {
      if (removedSoFar + group.length >= Math.max(20, Math.floor(total / 20))) {
        if (group.length >= 6 && delta <= (rating !== 4 ? 100 : 365)) for (const i of group) order[judged++] = i;
        else removed.add(rating * 2 ** 32 + delta);
      } else {
        removedSoFar += group.length;
        removed.add(rating * 2 ** 32 + delta);
      }
    }
  }
  for (let i = 0; i < n; i++)
    if (longTerm[i] !== 1 && (removed.size === 0 || !removed.has(firstRating[i] * 2 ** 32 + firstLongDelta[i])))
      order[judged++] = i;

  const weight = new Float32Array(judged);
  const labels = new Uint8Array(judged);
  const bin = new Uint32Array(judged);
  const binOf = new Map();
  const last = f(Math.max(judged - 1, 1));
  for (let j = 0; j < judged; j++) {
    const x = f(j / last);
    weight[j] = f(0.25 + f(0.75 * f(f(x * x) * x)));
    const i = order[j];
    labels[j] = label[i];
    if (!binOf.has(key[i])) binOf.set(key[i], binOf.size);
    bin[j] = binOf.get(key[i]);
  }
  return { items: n, order: order.subarray(0, judged), weight, labels, bin, bins: binOf.size };
}

/** fsrs-rs model.rs `power_forgetting_curve` under `w`: (days, stability) → retrievability. */
function forgettingCurve(w) {
  const decay = f(-w[20]);
  const factor = f(f(Math.exp(f(f(Math.log(f(0.9))) / decay))) - 1);
  return (t, s) => f(f(f(f(t / s) * factor) + 1) ** decay);
}

/** fsrs-rs `stability_after_failure`. */
function afterFailure(w, lastS, lastD, r, floorDivisor) {
  const fresh = f(
    f(f(w[11] * f(lastD ** f(-w[12]))) * f(f(f(lastS + 1) ** w[13]) - 1)) * f(Math.exp(f(f(1 - r) * w[14]))),
  );
  return min(fresh, f(lastS / floorDivisor));
}

/** fsrs-rs `stability_after_success`. */
function afterSuccess(w, expW8, lastS, lastD, r, rating) {
  const hard = rating === 2 ? w[15] : 1;
  const easy = rating === 4 ? w[16] : 1;
  let grow = f(expW8 * f(11 - lastD));
  grow = f(grow * f(lastS ** f(-w[9])));
  grow = f(grow * f(f(Math.exp(f(f(1 - r) * w[10]))) - 1));
  grow = f(f(grow * hard) * easy);
  return f(lastS * f(grow + 1));
}

/** fsrs-rs `stability_short_term`. */
function shortTerm(w, lastS, rating) {
  const sinc = f(f(Math.exp(f(w[17] * f(f(rating - 3) + w[18])))) * f(lastS ** f(-w[19])));
  return f(lastS * (rating >= 2 ? (Number.isNaN(sinc) || sinc < 1 ? 1 : sinc) : sinc));
}

/**
 * Every item's predicted retrievability under `w` (fsrs-rs `predict_retrievability`: the memory
 * state after the item's reviews but its last, through `forward_reviews` and `step`), one pass
 * over the reviews.
 */
function predictions(w, columns, n) {
  const out = new Float32Array(n);
  const curve = forgettingCurve(w);
  const initD4 = f(f(w[4] - f(Math.exp(f(w[5] * 3)))) + 1);
  const floorDivisor = f(Math.exp(f(w[17] * w[18])));
  const expW8 = f(Math.exp(w[8]));
  let s = 0;
  let d = 0;
  let k = 0;
  for (let i = 0; i < columns.length; i++) {
    const rating = columns.rating[i];
    if (columns.first[i]) {
      const r = clamp(rating, 1, 4);
      s = clamp(w[Math.min(r - 1, 3)], S_MIN, S_MAX);
      d = clamp(f(f(w[4] - f(Math.exp(f(w[5] * (r - 1))))) + 1), D_MIN, D_MAX);
      continue;
    }
    // step(). The state is within its bounds already: the item's prediction is step's r.
    const t = columns.delta[i];
    const lastS = clamp(s, S_MIN, S_MAX);
    const lastD = clamp(d, D_MIN, D_MAX);
    let newS;
    if (t === 0) newS = shortTerm(w, lastS, rating);
    else {
      const r = curve(t, lastS);
      if (columns.item[i]) out[k++] = r;
      newS =
        rating === 1 ? afterFailure(w, lastS, lastD, r, floorDivisor) : afterSuccess(w, expW8, lastS, lastD, r, rating);
    }
    const deltaD = f(f(-w[6]) * f(rating - 3));
    const nextD = f(lastD + f(f(f(10 - lastD) * deltaD) / 9));
    d = clamp(f(f(w[7] * f(initD4 - nextD)) + nextD), D_MIN, D_MAX);
    s = clamp(newS, S_MIN, S_MAX);
  }
  return out;
}

/** `new FSRSBinding(parameters).evaluate(items)`: {logLoss, rmseBins}. Throws where fsrs-rs fails. */
export function judge(parameters, columns, plan) {
  const w = Float32Array.from({ length: 21 }, (_, i) => clamp(f(parameters[i]), CLAMPS[i][0], CLAMPS[i][1]));
  const p = predictions(w, columns, plan.items);
  const judged = plan.order.length;
  if (judged === 0) throw new Error('Evaluation failed: not enough data');
  const predicted = new Float32Array(plan.bins);
  const actual = new Float32Array(plan.bins);
  const count = new Float32Array(plan.bins);
  const binWeight = new Float32Array(plan.bins);
  let loss = 0;
  let weightSum = 0;
  const labels = plan.labels;
  for (let j = 0; j < judged; j++) {
    const r = p[plan.order[j]];
    if (!Number.isFinite(r)) throw new Error('Evaluation failed: invalid input');
    const y = labels[j];
    const weight = plan.weight[j];
    const b = plan.bin[j];
    predicted[b] = f(predicted[b] + r);
    actual[b] = f(actual[b] + y);
    count[b] = f(count[b] + 1);
    binWeight[b] = f(binWeight[b] + weight);
    loss = f(loss + f(f(f(y * f(Math.log(r))) + f((1 - y) * f(Math.log(f(1 - r))))) * weight));
    weightSum = f(weightSum + weight);
  }
  let squares = 0;
  let weights = 0;
  for (let b = 0; b < plan.bins; b++) {
    const gap = f(f(predicted[b] / count[b]) - f(actual[b] / count[b]));
    squares = f(squares + f(f(gap * gap) * binWeight[b]));
    weights = f(weights + binWeight[b]);
  }
  const logLoss = f(-loss / weightSum);
  const rmseBins = f(Math.sqrt(f(squares / weights)));
  if (!Number.isFinite(logLoss) || !Number.isFinite(rmseBins)) throw new Error('Evaluation failed: invalid input');
  return { logLoss, rmseBins };
}
