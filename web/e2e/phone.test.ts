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

/**
 * Content cut at the right edge without making the page scroll (an `overflow: hidden` parent
 * hides it): every visible element reaching past the window, unless a container of its own
 * scrolls sideways on purpose (a wide table, a chart's strip).
 */
const cutAtRightEdge = (p: Page) =>
  p.evaluate(() => {
    const cut: string[] = [];
    const inScroller = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (/(auto|scroll)/.test(getComputedStyle(a).overflowX) && a.scrollWidth > a.clientWidth) return true;
      return false;
    };
    for (const el of document.querySelectorAll<HTMLElement>('main *, header *, nav *')) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Screen-reader-only text is a 1 px box on purpose.
      if (r.width <= 1 || r.height <= 1 || style.visibility === 'hidden' || style.position === 'fixed') continue;
      if (r.right > window.innerWidth + 0.5 && !inScroller(el))
        cut.push(
          `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)}" ends at ${Math.round(r.right)} px`,
        );
    }
    return cut;
  });

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
  it('no signed-in page scrolls sideways or cuts content at the right edge, and axe finds no serious or critical violation', async () => {
    await page().addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signUp(page(), uniqueLearner());
    await giveLearnerData(page());
    const wide: Record<string, { scroll: number; inner: number }> = {};
    const cutOff: Record<string, string[]> = {};
    const violations: Record<string, string[]> = {};
    for (const path of signedInPages) {
      await page().goto(path);
      await page().getByRole('heading', { level: 1 }).first().waitFor();
      await page().waitForLoadState('networkidle');
      const width = await pageWidth(page());
      if (width.scroll > width.inner) wide[path] = width;
      const cut = await cutAtRightEdge(page());
      if (cut.length) cutOff[path] = cut;
      const found = await seriousViolations(page());
      if (found.length) violations[path] = found;
    }
    expect(wide).toEqual({});
    expect(cutOff).toEqual({});
    expect(violations).toEqual({});
  });
});

describe('the progress dashboard on a phone', () => {
  it('names every subject beside its bars, long names wrapped, none dropped', async () => {
    await signUp(page(), uniqueLearner());
    for (const name of ['Biology', 'Thermodynamics and statistical physics'])
      await callApi(page(), 'POST', '/decks', { name });
    const decks = await callApi<{ id: string; name: string }[]>(page(), 'GET', '/decks');
    for (const d of decks)
      await callApi(page(), 'POST', '/flashcards', { question: `Q ${d.name}`, answer: 'A', deckId: d.id });
    await page().goto('/progress-dashboard');
    const chart = page().getByRole('img', { name: /Biology: 0 mastered/ });
    // The bars are drawn once the chart has measured its box.
    await chart.locator('text', { hasText: 'Biology' }).waitFor();
    // Each line of a wrapped name is a tspan of its own.
    const lines = (await chart.locator('tspan').allTextContents()).join(' ');
    expect(lines).toContain('My Flashcards');
    expect(lines).toContain('Biology');
    expect(lines).toContain('Thermodynamics and statistical physics'.split(' ')[0]);
    // Every line fits beside the bars: none starts left of the chart, where the SVG would cut it.
    const cutAtLeft = await chart.evaluate((div) => {
      // The chart's own surface is the widest svg (the legend's icons are svgs too).
      const surfaces = [...div.querySelectorAll('svg')].map((svg) => svg.getBoundingClientRect());
      const left = surfaces.sort((a, b) => b.width - a.width)[0]?.left ?? 0;
      return [...div.querySelectorAll('tspan')]
        .filter((t) => t.getBoundingClientRect().left < left - 0.5)
        .map((t) => t.textContent);
    });
    expect(cutAtLeft).toEqual([]);
    expect(await cutAtRightEdge(page())).toEqual([]);
  });
});

describe('browsing cards on a phone', () => {
  it('lists one card each, question first, with deck, state and due, no table to scroll sideways', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [
      { question: 'What does photosynthesis produce from light?', answer: 'Glucose and oxygen' },
      { question: 'Capital of Peru?', answer: 'Lima' },
    ]);
    await page().goto('/flashcards/browse');
    const rows = page().getByTestId('browse-row');
    await rows.nth(1).waitFor();
    expect(await page().locator('table').count()).toBe(0);
    const first = await rows.first().textContent();
    expect(first).toMatch(/My Flashcards/);
    expect(first).toMatch(/New/);
    await page().getByLabel('Select “Capital of Peru?”').check();
    await page().getByText('1 selected').waitFor();
    await page().getByRole('button', { name: 'Review history of “Capital of Peru?”' }).click();
    await page().getByRole('dialog', { name: 'Review history' }).getByText('Not reviewed yet.').waitFor();
    expect(await cutAtRightEdge(page())).toEqual([]);
  });
});

describe('studying on a phone', () => {
  it('shows the card first, with the rating buttons in view, and the deck actions behind one menu under it', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [{ question: 'First thing on the screen?', answer: 'The card' }]);
    await page().goto('/flashcards');
    const card = page().getByTestId('card-text');
    await card.waitFor();
    await page().keyboard.press('Space');
    const remembered = await page().getByRole('button', { name: 'Remembered', exact: true }).boundingBox();
    // Above the fold of a 844 px phone, without scrolling.
    expect((remembered?.y ?? 9999) + (remembered?.height ?? 0)).toBeLessThanOrEqual(844);
    const add = page().getByRole('button', { name: 'Add Flashcard' });
    expect(await add.isVisible()).toBe(false);
    await page().getByText('Deck actions').click();
    await add.click();
    await page().getByRole('dialog', { name: 'Add New Flashcard' }).waitFor();
  });

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
