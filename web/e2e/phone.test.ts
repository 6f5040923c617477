import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, signedInPages } from './audit';
import { browserPerTest } from './browser-fixture';
import { pathOf, signUp } from './flows';
import { PHONE, uniqueLearner } from './harness';
import { addCards, callApi } from './study-api';

const { page } = browserPerTest(PHONE);

const pageWidth = (p: Page) =>
  p.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));

/** Long words and a full week: what would push a narrow page sideways. */
async function giveLearnerData(p: Page) {
  await addCards(p, [{ question: 'What does photosynthesis produce from light?', answer: 'Glucose and oxygen' }]);
  const monday = new Date();
  monday.setHours(9, 0, 0, 0);
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  for (let day = 0; day < 7; day++) {
    const at = new Date(monday.getTime() + day * 86_400_000);
    await callApi(p, 'POST', '/study-planner/sessions', {
      title: `Thermodynamics revision, chapter ${day + 1}: entropy`,
      subject: 'Physics',
      duration: 45,
      scheduledAt: at.toISOString(),
    });
  }
  await callApi(p, 'POST', '/group-learning/rooms', { title: 'Organic chemistry night', topic: 'Chemistry' });
}

describe.each(['light', 'dark'] as const)('on a phone (390×844), %s theme', (theme) => {
  it('no signed-in page scrolls sideways, and axe finds no serious or critical violation', async () => {
    await page().addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signUp(page(), uniqueLearner());
    await giveLearnerData(page());
    const wide: Record<string, { scroll: number; inner: number }> = {};
    const violations: Record<string, string[]> = {};
    for (const path of signedInPages) {
      await page().goto(path);
      await page().getByRole('heading', { level: 1 }).first().waitFor();
      await page().waitForLoadState('networkidle');
      const width = await pageWidth(page());
      if (width.scroll > width.inner) wide[path] = width;
      const found = await seriousViolations(page());
      if (found.length) violations[path] = found;
    }
    expect(wide).toEqual({});
    expect(violations).toEqual({});
  });
});

describe('studying on a phone', () => {
  it('gives every study button a thumb-sized target', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [{ question: 'Thumb?', answer: 'Sized' }]);
    await page().goto('/flashcards');
    await page().getByTestId('card-text').waitFor();
    await page().keyboard.press('Space');
    for (const name of ['Flip', 'Review Again', 'Hard', 'Remembered', 'Easy', 'Voice', 'Undo']) {
      const box = await page().getByRole('button', { name, exact: true }).boundingBox();
      expect(box?.height, name).toBeGreaterThanOrEqual(44);
    }
    expect(await pageWidth(page())).toSatisfy(
      ({ scroll, inner }: { scroll: number; inner: number }) => scroll <= inner,
    );
  });
});

describe('the phone menu', () => {
  it('hides the sidebar behind a menu button that opens, traps focus, closes with Esc and navigates', async () => {
    await signUp(page(), uniqueLearner());
    const main = page().getByRole('navigation', { name: 'Main' });
    expect(await main.count()).toBe(0);

    const menu = page().getByRole('button', { name: 'Open menu' });
    const box = await menu.boundingBox();
    // Thumb-sized: at least 44 × 44 CSS pixels.
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);

    await menu.click();
    const drawer = page().getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    // Focus stays inside the drawer however far the learner tabs.
    for (let i = 0; i < 15; i++) {
      await page().keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page().keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    await menu.click();
    await drawer.getByRole('link', { name: 'Study Planner' }).click();
    await page().waitForURL((url) => url.pathname === '/study-planner');
    await drawer.waitFor({ state: 'detached' });
    expect(pathOf(page())).toBe('/study-planner');
    await page().getByRole('heading', { level: 1, name: 'Study Planner' }).waitFor();
  });
});
