import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { signUp } from './flows';
import { LAPTOP, launchBrowser, newPage, uniqueLearner } from './harness';

/**
 * One browser per test file and a fresh profile per test; `page()` is the current test's tab.
 * Call at the top of a test file.
 */
export function browserPerTest(viewport = LAPTOP): { page: () => Page; baseURL: string } {
  const baseURL = inject('baseURL');
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let current: Page | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('browser did not start');
    ({ context, page: current } = await newPage(browser, baseURL, viewport));
  });
  afterEach(async () => {
    await context?.close();
  });

  return {
    baseURL,
    page: () => {
      if (!current) throw new Error('no page: call page() inside a test');
      return current;
    },
  };
}

/**
 * One browser per test file whose tests need several learners at once, each in a profile of their
 * own: `learnerPage()` opens one, signed up as a new learner (in `theme`, when given, from the
 * first paint). Call at the top of a test file.
 */
export function learnersPerFile(): {
  learnerPage: (options?: { theme?: 'light' | 'dark'; viewport?: { width: number; height: number } }) => Promise<Page>;
  baseURL: string;
} {
  const baseURL = inject('baseURL');
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    baseURL,
    learnerPage: async ({ theme, viewport } = {}) => {
      if (!browser) throw new Error('browser did not start');
      const { page } = await newPage(browser, baseURL, viewport);
      if (theme) await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signUp(page, uniqueLearner());
      return page;
    },
  };
}
