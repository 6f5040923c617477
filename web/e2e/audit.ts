import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Every screen a signed-in learner can reach from the nav (and Browse, reached from Flashcards). */
export const signedInPages = [
  '/',
  '/flashcards',
  '/flashcards/browse',
  '/study-planner',
  '/progress-dashboard',
  '/knowledge-gaps',
  '/group-learning',
  '/study-agent',
];

/** What axe finds serious or critical on the page as it is now, one line per rule. */
export async function seriousViolations(p: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page: p }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
