import { describe, expect, it } from 'vitest';
import { browserPerTest } from './browser-fixture';
import { pathOf, signUp } from './flows';
import { uniqueLearner } from './harness';

const { page } = browserPerTest();

const modules = [
  { link: 'Flashcards', path: '/flashcards', title: 'Flashcards' },
  { link: 'Study Planner', path: '/study-planner', title: 'Study Planner' },
  { link: 'Progress Dashboard', path: '/progress-dashboard', title: 'Progress Dashboard' },
  { link: 'Knowledge Gaps', path: '/knowledge-gaps', title: 'Knowledge Tests' },
  { link: 'Group Learning', path: '/group-learning', title: 'Group Learning' },
  { link: 'Study Agent', path: '/study-agent', title: 'Study Agent' },
];

describe('moving around the app', () => {
  it('opens every module from the 200px sidebar and shows its title', async () => {
    await signUp(page(), uniqueLearner());
    const sidebar = page().locator('aside');
    expect((await sidebar.boundingBox())?.width).toBe(200);
    await page().getByText('AI Learning Accelerator').waitFor();

    const nav = page().getByRole('navigation', { name: 'Main' });
    for (const { link, path, title } of modules) {
      await nav.getByRole('link', { name: link }).click();
      await page().waitForURL((url) => url.pathname === path);
      await page().getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    }
    await nav.getByRole('link', { name: 'Home' }).click();
    await page().waitForURL((url) => url.pathname === '/');
  });

  it('links a home module card to every module, the Study Agent included', async () => {
    await signUp(page(), uniqueLearner());
    for (const { path, title } of modules) {
      const cards = page().getByRole('region', { name: 'Your learning modules' });
      // The day's cards above load after the page and push the module cards down: a click while
      // one is still loading may land beside its card, so it waits for them.
      await page().waitForFunction(
        () => !document.querySelector('[aria-busy="true"]') && !document.body.innerText.includes('Loading...'),
      );
      await cards.locator(`a[href="${path}"]`).click();
      await page().waitForURL((url) => url.pathname === path);
      await page().getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      await page().goBack();
      await page().waitForURL((url) => url.pathname === '/');
    }
  });

  it('shows "Oops! Page not found" on an unknown page and "Return to Home" leads home', async () => {
    await signUp(page(), uniqueLearner());
    await page().goto('/no-such-page');
    await page().getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await page().getByRole('link', { name: 'Return to Home' }).click();
    await page().waitForURL((url) => url.pathname === '/');
    await page()
      .getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening)/ })
      .waitFor();
    expect(pathOf(page())).toBe('/');
  });
});

describe('light and dark theme', () => {
  it('remembers dark mode across a reload and renames the toggle', async () => {
    await signUp(page(), uniqueLearner());
    const toDark = page().getByRole('button', { name: 'Switch to dark mode' });
    await toDark.click();

    const toLight = page().getByRole('button', { name: 'Switch to light mode' });
    await toLight.waitFor();
    expect(await page().evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await page().evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);

    await page().reload();
    await toLight.waitFor();
    expect(await page().evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);

    await toLight.click();
    await toDark.waitFor();
    expect(await page().evaluate(() => localStorage.getItem('theme'))).toBe('light');
    expect(await page().evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
  });

  it("follows the system's dark or light setting until the learner picks a theme", async () => {
    await page().emulateMedia({ colorScheme: 'dark' });
    await signUp(page(), uniqueLearner());
    const isDark = () => page().evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await page().evaluate(() => localStorage.getItem('theme'))).toBeNull();
    expect(await isDark()).toBe(true);
    await page().getByRole('button', { name: 'Switch to light mode' }).waitFor();

    // The system changes its mind: so does the app, while nothing is chosen.
    await page().emulateMedia({ colorScheme: 'light' });
    await expect.poll(isDark).toBe(false);

    // A choice wins over the system from then on.
    await page().getByRole('button', { name: 'Switch to dark mode' }).click();
    await page().emulateMedia({ colorScheme: 'light' });
    await page().reload();
    await page().getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await isDark()).toBe(true);
  });
});
