import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Learner {
  username: string;
  email: string;
  password: string;
}

export async function signUp(page: Page, learner: Learner): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Username').fill(learner.username);
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password').fill(learner.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until `text` is on screen (toasts appear a moment after the click). */
export async function expectVisibleText(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout: 10_000 });
  expect(await page.getByText(text).first().isVisible()).toBe(true);
}
