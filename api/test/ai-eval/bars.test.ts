import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate';

// The same measurement as `pnpm ai:eval`, so a change that breaks a bar fails the suite. The one
// bar a machine cannot judge (reading the wh-questions) is left to the script and its doc; the
// open issue's agent bars not yet met are reported there, and the floor reached is held here.
const { rows, agentDev, testsDev } = await evaluate();

describe('the built-in engine on the evaluation corpus', () => {
  it.each(rows.filter((r) => !r.human && !r.target).map((r) => [r.bar, r] as const))(
    'meets the bar: %s',
    (_name, row) => {
      expect(row.ok, `${row.bar}: ${row.measured}`).toBe(true);
    },
  );
});

describe('the study agent on questions asked in other words (development half)', () => {
  const { set, scored: r } = agentDev;
  // The floor reached: 184 of 437 right, 31 wrong, since the first sentences by words are ranked
  // again by what they mean as a whole (140 and 33 before; docs/ai.md).
  it('answers at least 40% of them right, and is confidently wrong on at most one in twelve', () => {
    expect(r.hits / set.reworded.length).toBeGreaterThanOrEqual(0.4);
    expect(r.confidentlyWrong / set.reworded.length).toBeLessThanOrEqual(1 / 12);
  });
  // 152 of 195.
  it('says "not in your material" to at least 75% of the questions whose answer is absent', () => {
    expect(r.honestAbsent / set.absent.length).toBeGreaterThanOrEqual(0.75);
  });
});

describe('real questions, not only blanks (development half)', () => {
  it('asks at least a third of the questions of every test as real questions', () => {
    expect(testsDev.notCloze / testsDev.questions).toBeGreaterThanOrEqual(1 / 3);
    expect(testsDev.thirdNotCloze).toBe(testsDev.tests);
  });
});
