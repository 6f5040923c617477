import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate';

// The same measurement as `pnpm ai:eval`, so a change that breaks a bar fails the suite. The one
// bar a machine cannot judge (reading the wh-questions) is left to the script and its doc.
describe('the built-in engine on the evaluation corpus', async () => {
  const { rows } = await evaluate();
  it.each(rows.filter((r) => !r.human).map((r) => [r.bar, r] as const))('meets the bar: %s', (_name, row) => {
    expect(row.ok, `${row.bar}: ${row.measured}`).toBe(true);
  });
});
