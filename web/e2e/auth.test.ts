import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerTest } from './browser-fixture';
import { expectVisibleText, pathOf, signIn, signUp } from './flows';
import { DEMO, uniqueLearner } from './harness';

const { page } = browserPerTest();
const GREETING = /^Good (morning|afternoon|evening), /;
const greetingOf = (username: string) => new RegExp(`^Good (morning|afternoon|evening), ${username}$`);

describe('signing up, in and out', () => {
  it('greets a new learner by name on home, keeps them signed in on reload, and signs them out for good', async () => {
    const learner = uniqueLearner();
    await signUp(page(), learner);
    await expectVisibleText(page(), 'Account created successfully!');

    const greeting = page().getByRole('heading', { level: 1, name: greetingOf(learner.username) });
    await greeting.waitFor();
    await expectVisibleText(page(), learner.email);

    await page().reload();
    await greeting.waitFor();
    expect(pathOf(page())).toBe('/');

    await page().getByRole('button', { name: 'Logout' }).click();
    await page().waitForURL((url) => url.pathname === '/login');
    expect(await page().evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    await page().reload();
    await page().getByRole('button', { name: 'Sign In' }).waitFor();
    expect(pathOf(page())).toBe('/login');
  });

  it('shows the demo email and password on /login, and they sign in', async () => {
    await page().goto('/login');
    await expectVisibleText(page(), DEMO.email);
    await expectVisibleText(page(), DEMO.password);

    await signIn(page(), DEMO.email, DEMO.password);
    await expectVisibleText(page(), 'Welcome back!');
    await page().getByRole('heading', { level: 1, name: GREETING }).waitFor();
  });

  it('says why a sign-in failed when the password is wrong', async () => {
    await page().goto('/login');
    await page().getByLabel('Email').fill(DEMO.email);
    await page().getByLabel('Password').fill('not-the-password');
    await page().getByRole('button', { name: 'Sign In' }).click();
    await expectVisibleText(page(), 'Invalid email or password');
    expect(pathOf(page())).toBe('/login');
  });

  it('explains each missing or too short field on sign-up beside the field', async () => {
    await page().goto('/register');
    const signUpButton = page().getByRole('button', { name: 'Sign Up' });
    expect(await signUpButton.isEnabled()).toBe(true);

    await signUpButton.click();
    await expectVisibleText(page(), 'Username is required');
    // Said beside its field, which is marked and focused, not only in a passing toast.
    const username = page().getByLabel('Username');
    expect(await username.getAttribute('aria-invalid')).toBe('true');
    expect(await username.evaluate((el) => el === document.activeElement)).toBe(true);
    const describedBy = await username.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    );
    expect(describedBy).toContain('Username is required');
    expect(await page().locator('[data-sonner-toast]', { hasText: 'Username is required' }).count()).toBe(0);

    const learner = uniqueLearner();
    await page().getByLabel('Username').fill(learner.username);
    await page().getByLabel('Email').fill(learner.email);
    await page().getByLabel('Password').fill('12345');
    await signUpButton.click();
    await expectVisibleText(page(), 'Password must be at least 6 characters');
    expect(pathOf(page())).toBe('/register');
  });

  it("states the password rule before the first attempt, as the field's description", async () => {
    await page().goto('/register');
    const password = page().getByLabel('Password');
    await password.waitFor();
    expect(await password.getAttribute('aria-describedby')).toBeTruthy();
    const described = await password.evaluate((el) =>
      document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent?.trim(),
    );
    expect(described).toBe('At least 6 characters');
    expect(await page().getByText('At least 6 characters').isVisible()).toBe(true);
  });

  it('refuses a second account with the same email', async () => {
    const learner = uniqueLearner();
    await signUp(page(), learner);
    await page().getByRole('button', { name: 'Logout' }).click();
    await page().waitForURL((url) => url.pathname === '/login');

    await page().goto('/register');
    await page().getByLabel('Username').fill(`${learner.username}2`);
    await page().getByLabel('Email').fill(learner.email);
    await page().getByLabel('Password').fill(learner.password);
    await page().getByRole('button', { name: 'Sign Up' }).click();
    await expectVisibleText(page(), 'An account with this email already exists');
  });

  it('shows "Loading..." while the saved session is restored and "Signing in..." while signing in', async () => {
    const slow = async (route: Route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    };
    await page().route('**/api/auth/login', slow);
    await page().goto('/login');
    await page().getByLabel('Email').fill(DEMO.email);
    await page().getByLabel('Password').fill(DEMO.password);
    await page().getByRole('button', { name: 'Sign In' }).click();
    await page().getByRole('button', { name: 'Signing in...' }).waitFor();
    await page().waitForURL((url) => url.pathname === '/');

    await page().route('**/api/auth/me', slow);
    await page().reload();
    await expectVisibleText(page(), 'Loading...');
    await page().getByRole('heading', { level: 1, name: GREETING }).waitFor();
  });

  it('sends a signed-out visitor of a module or of home to /login', async () => {
    for (const path of ['/flashcards', '/', '/study-agent']) {
      await page().goto(path);
      await page().waitForURL((url) => url.pathname === '/login');
      await page().getByRole('button', { name: 'Sign In' }).waitFor();
    }
  });

  it('returns a learner to the page they opened before signing in', async () => {
    const learner = uniqueLearner();
    await signUp(page(), learner);
    await page().getByRole('button', { name: 'Logout' }).click();
    await page().waitForURL((url) => url.pathname === '/login');
    await page().goto('/study-planner');
    await page().waitForURL((url) => url.pathname === '/login');
    await page().getByLabel('Email').fill(learner.email);
    await page().getByLabel('Password').fill(learner.password);
    await page().getByRole('button', { name: 'Sign In' }).click();
    await page().waitForURL((url) => url.pathname === '/study-planner');
    await page().getByRole('heading', { level: 1, name: 'Study Planner' }).waitFor();
  });

  it('signs the learner out when the server no longer accepts the saved token', async () => {
    await page().goto('/login');
    await page().evaluate(() => localStorage.setItem('auth_token', 'not-a-real-token'));
    await page().goto('/flashcards');
    await page().waitForURL((url) => url.pathname === '/login');
    expect(await page().evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });
});
