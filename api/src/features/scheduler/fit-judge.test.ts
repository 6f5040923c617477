// The optimiser keeps a fit by its log loss against that of the parameters in use (Anki's rule);
// fit-judge.mjs works both out from the reviews themselves instead of the binding's evaluate.
// It must answer what the binding answers, or a learner's kept/not-kept would change.
import { computeParameters, FSRSBinding, FSRSBindingItem, FSRSBindingReview } from '@open-spaced-repetition/binding';
import { describe, expect, it } from 'vitest';
import { judge, judgingPlan, ReviewColumns } from './fit-judge.mjs';

/** A seeded log: cards of 1 to `maxReviews` reviews, some reset to new, some on the same day. */
function log(seed: number, cards: number, maxReviews: number, delta: (random: () => number) => number) {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const items: FSRSBindingItem[] = [];
  const columns = new ReviewColumns();
  for (let c = 0; c < cards; c++) {
    let reviews: FSRSBindingReview[] = [];
    const n = 1 + Math.floor(random() * maxReviews);
    for (let r = 0; r < n; r++) {
      const rating = 1 + Math.floor(random() * 4);
      if (r === 0 || random() < 0.03) {
        reviews = [new FSRSBindingReview(rating, 0)];
        columns.push(rating, 0, true, false);
        continue;
      }
      const days = delta(random);
      reviews.push(new FSRSBindingReview(rating, days));
      if (days > 0) items.push(new FSRSBindingItem(reviews));
      columns.push(rating, days, false, days > 0);
    }
  }
  return { items, columns };
}

const DEFAULTS = [
  0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483,
  0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
];
/** Out of fsrs-rs's bounds here and there (it clips them): the judge must clip alike. */
const ODD = [5, 0.5, 150, 20, 11, 5, 0.0001, 0.9, 5, 0.9, 4, 6, 0.3, 1, 5, 2, 0.5, 3, 3, 1, 0.05];

describe('judging a fit', () => {
  it.each([
    ['short gaps, same-day reviews', 1, 3000, 15, (r: () => number) => (r() < 0.3 ? 0 : Math.floor(r() * 30))],
    ['long gaps, outliers to drop', 2, 2000, 25, (r: () => number) => (r() < 0.1 ? 0 : Math.floor(r() ** 3 * 800))],
  ])(
    'answers the binding’s log loss and RMSE to a float’s last bits (%s)',
    async (_name, seed, cards, max, delta) => {
      const { items, columns } = log(seed, cards, max, delta);
      const plan = judgingPlan(columns);
      const fitted = (await computeParameters(items, { enableShortTerm: true })).map((p) => Math.round(p * 1e4) / 1e4);
      for (const parameters of [DEFAULTS, ODD, fitted]) {
        const ours = judge(parameters, columns, plan);
        const binding = new FSRSBinding(parameters).evaluate(items);
        // exp, ln and pow round their last bit their own way now and then (JavaScript's Math
        // against the C library's); fsrs-rs sums its bins in a hash map's order, which changes
        // from run to run.
        expect(Math.abs(ours.logLoss - binding.logLoss)).toBeLessThan(1e-6 * binding.logLoss);
        expect(Math.abs(ours.rmseBins - binding.rmseBins)).toBeLessThan(1e-6 * binding.rmseBins);
      }
    },
    60_000,
  );

  it('fails where the binding fails: no item left once outliers are dropped', () => {
    const columns = new ReviewColumns();
    columns.push(3, 0, true, false);
    columns.push(3, 500, false, true);
    const items = [new FSRSBindingItem([new FSRSBindingReview(3, 0), new FSRSBindingReview(3, 500)])];
    expect(() => new FSRSBinding(DEFAULTS).evaluate(items)).toThrow();
    expect(() => judge(DEFAULTS, columns, judgingPlan(columns))).toThrow();
  });
});
