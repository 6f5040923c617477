import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerTest } from './browser-fixture';
import { signUp } from './flows';
import { LAPTOP, PHONE, uniqueLearner } from './harness';

/** Every visible control of the page, and its title, that a toast box would cover. */
async function coveredControls(p: Page): Promise<string[]> {
  const toast = p.locator('[data-sonner-toast][data-mounted="true"]').first();
  await toast.waitFor();
  await p.waitForTimeout(500); // let it settle where it stays
  const box = await toast.boundingBox();
  if (!box) throw new Error('the toast has no box');
  return p.evaluate((t) => {
    const hits: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, h1')) {
      if (el.closest('[data-sonner-toaster]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const overlaps = r.left < t.x + t.width && r.right > t.x && r.top < t.y + t.height && r.bottom > t.y;
      if (overlaps) hits.push(el.getAttribute('aria-label') || el.textContent?.trim() || el.tagName);
    }
    return hits;
  }, box);
}

describe.each([
  ['a laptop', LAPTOP],
  ['a phone', PHONE],
] as const)('toasts on %s', (_size, viewport) => {
  const { page } = browserPerTest(viewport);

  it('cover none of the page’s buttons, nor its title (the greeting under "Account created successfully!")', async () => {
    await signUp(page(), uniqueLearner());
    expect(await coveredControls(page())).toEqual([]);
    await page().goto('/study-planner');
    await page().getByRole('button', { name: '+ Add Session' }).click();
    const dialog = page().getByRole('dialog', { name: 'Add Session' });
    await dialog.getByLabel('Session Title').fill('Toast check');
    await dialog.getByLabel('Subject').fill('UI');
    await dialog.getByRole('button', { name: 'Add Session' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await coveredControls(page())).toEqual([]);
  });
});
