export class ReviewColumns {
  length: number;
  items: number;
  push(rating: number, delta: number, first: boolean, item: boolean): void;
}
export type JudgingPlan = { readonly items: number };
export function judgingPlan(columns: ReviewColumns): JudgingPlan;
export function judge(
  parameters: readonly number[],
  columns: ReviewColumns,
  plan: JudgingPlan,
): { logLoss: number; rmseBins: number };
