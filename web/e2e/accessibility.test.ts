import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerTest } from './browser-fixture';
import { signUp } from './flows';
import { uniqueLearner } from './harness';

const { page } = browserPerTest();

const signedOutPages = ['/login', '/register', '/no-such-page'];
const signedInPages = [
  '/',
  '/flashcards',
  '/study-planner',
  '/progress-dashboard',
  '/knowledge-gaps',
  '/group-learning',
  '/study-agent',
];

async function seriousViolations(p: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page: p }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function settle(p: Page, path: string) {
  await p.goto(path);
  await p.getByRole('heading', { level: 1 }).first().waitFor();
  // The demo hint arrives after the first paint; audit what the learner finally sees.
  if (path === '/login') await p.getByText('Demo account:').waitFor();
}

describe.each(['light', 'dark'] as const)('accessibility in %s theme', (theme) => {
  const presetTheme = (p: Page) => p.addInitScript((t) => localStorage.setItem('theme', t), theme);

  it('has no serious or critical axe violation on the signed-out pages', async () => {
    await presetTheme(page());
    const found: Record<string, string[]> = {};
    for (const path of signedOutPages) {
      await settle(page(), path);
      expect(await page().evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      const violations = await seriousViolations(page());
      if (violations.length) found[path] = violations;
    }
    expect(found).toEqual({});
  });

  it('has no serious or critical axe violation on home and every module page', async () => {
    await presetTheme(page());
    await signUp(page(), uniqueLearner());
    const found: Record<string, string[]> = {};
    for (const path of signedInPages) {
      await settle(page(), path);
      const violations = await seriousViolations(page());
      if (violations.length) found[path] = violations;
    }
    expect(found).toEqual({});
  });
});
