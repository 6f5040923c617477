import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, signedInPages } from './audit';
import { browserPerTest } from './browser-fixture';
import { signUp } from './flows';
import { uniqueLearner } from './harness';
import { addCards, callApi } from './study-api';

const { page } = browserPerTest();

const signedOutPages = ['/login', '/register', '/no-such-page'];
/** A toast fully shown: axe cannot judge the contrast of one still fading in. */
async function toastAtRest(p: Page, type: 'error' | 'success') {
  const toast = p.locator(`[data-sonner-toast][data-type="${type}"][data-mounted="true"]`).first();
  await toast.waitFor();
  await p.waitForFunction(
    (el) =>
      el !== null && getComputedStyle(el).opacity === '1' && el.getAnimations().every((a) => a.playState !== 'running'),
    await toast.elementHandle(),
  );
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

  it('has no serious or critical axe violation with errors beside fields, or while an error or a success toast shows', async () => {
    const p = page();
    await presetTheme(p);
    await settle(p, '/login');
    // An empty field is said beside it; the api's refusal is a toast.
    await p.getByRole('button', { name: 'Sign In' }).click();
    await p.getByText('Email is required').waitFor();
    const besideFields = await seriousViolations(p);
    await p.getByLabel('Email').fill('nobody@example.com');
    await p.getByLabel('Password').fill('not-the-password');
    await p.getByRole('button', { name: 'Sign In' }).click();
    await toastAtRest(p, 'error');
    const found: Record<string, string[]> = { besideFields, error: await seriousViolations(p) };
    await signUp(p, uniqueLearner());
    await toastAtRest(p, 'success');
    found.success = await seriousViolations(p);
    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
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
  it('has no serious or critical axe violation with the flashcard, import and session dialogs open', async () => {
    await presetTheme(page());
    await signUp(page(), uniqueLearner());
    await addCards(page(), [{ question: 'Capital of Japan?', answer: 'Tokyo' }]);
    await callApi(page(), 'POST', '/study-planner/sessions', {
      title: 'Kanji',
      subject: 'Japanese',
      duration: 30,
      scheduledAt: new Date().toISOString(),
    });
    const found: Record<string, string[]> = {};
    const audit = async (name: string) => {
      // Toasts belong to the app shell and fade in seconds; audit the screen itself.
      await page().waitForFunction(() => !document.querySelector('[data-sonner-toast]'), null, { timeout: 15_000 });
      const violations = await seriousViolations(page());
      if (violations.length) found[name] = violations;
    };
    const button = (name: string) => page().getByRole('button', { name, exact: true });

    await settle(page(), '/');
    await page().getByText('1 card is due for review').waitFor();
    await audit('home with a reminder');

    await settle(page(), '/flashcards');
    await page().getByText('Capital of Japan?').waitFor();
    // The Flip button, not Space: this audits the flipped card; flashcards.test.ts covers the keys.
    await button('Flip').click();
    await page().getByText('Tokyo').waitFor();
    await audit('flashcards, flipped');
    await button('Add Flashcard').click();
    await page().getByRole('dialog', { name: 'Add New Flashcard' }).waitFor();
    await audit('Add New Flashcard dialog');
    const add = page().getByRole('dialog', { name: 'Add New Flashcard' });
    await add.getByRole('radio', { name: 'Cloze' }).check();
    await add.getByLabel('Text').fill('Tokyo is the capital of {{c1::Japan}}');
    await add.getByText('Tokyo is the capital of [...]').waitFor();
    await audit('Add New Flashcard dialog, cloze with its preview');
    await page().keyboard.press('Escape');
    await button('New Deck').click();
    await page().getByRole('dialog', { name: 'New Deck' }).waitFor();
    await audit('New Deck dialog');
    await page().keyboard.press('Escape');
    await button('Import').click();
    const importDialog = page().getByRole('dialog', { name: 'Import Flashcards' });
    await importDialog
      .getByLabel('Cards to import')
      .fill('question,answer\nCapital of Japan?,Tokyo\nCapital of Kenya?,Nairobi');
    await importDialog.getByRole('button', { name: 'Preview' }).click();
    await importDialog.getByText('Duplicate', { exact: true }).waitFor();
    await audit('Import dialog with a preview');
    await page().keyboard.press('Escape');

    await settle(page(), '/flashcards/browse');
    await page().getByTestId('browse-row').first().waitFor();
    await page().getByLabel('Select all cards shown').check();
    await audit('Browse with a selection');
    await button('Delete').click();
    await page().getByRole('dialog', { name: 'Delete Flashcards' }).waitFor();
    await audit('Delete Flashcards dialog');
    await page().keyboard.press('Escape');

    await settle(page(), '/study-planner');
    await page().getByText('Kanji').waitFor();
    await audit('study planner with a session');
    await button('+ Add Session').click();
    await page().getByRole('dialog', { name: 'Add Session' }).waitFor();
    await audit('Add Session dialog');
    expect(found).toEqual({});
  });

  it('has no serious or critical axe violation in the knowledge test and study agent screens, dialogs open', async () => {
    await presetTheme(page());
    await signUp(page(), uniqueLearner());
    const found: Record<string, string[]> = {};
    const audit = async (name: string) => {
      // Toasts belong to the app shell and fade in seconds; audit the screen itself.
      await page().waitForFunction(() => !document.querySelector('[data-sonner-toast]'), null, { timeout: 15_000 });
      const violations = await seriousViolations(page());
      if (violations.length) found[name] = violations;
    };
    const text =
      'Alan Turing was a British mathematician. In 1936 he described the Turing machine. During the war he worked at Bletchley Park on the Enigma code. In 1950 he proposed the imitation game, now called the Turing test. The Turing Award was first given in 1966. The halting problem shows that some problems cannot be solved by any machine.';
    const { shareId } = await page().evaluate(async (passage) => {
      const headers = {
        authorization: `Bearer ${localStorage.getItem('auth_token')}`,
        'content-type': 'application/json',
      };
      const created = await fetch('/api/knowledge-tests', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Turing', text: passage, requested: 3 }),
      });
      const { id } = (await created.json()) as { id: string };
      return (await (
        await fetch(`/api/knowledge-tests/${id}/share`, { method: 'POST', headers, body: '{}' })
      ).json()) as {
        shareId: string;
      };
    }, text);

    await settle(page(), '/knowledge-gaps');
    await page().getByRole('button', { name: '+ Create New Test' }).click();
    await page().getByRole('dialog', { name: 'Create New Test' }).waitFor();
    await audit('create test dialog');
    await page().keyboard.press('Escape');

    await page().getByRole('button', { name: 'Open Turing' }).click();
    const test = page().getByRole('dialog', { name: 'Turing' });
    await test.getByRole('radio').first().check();
    await test.getByRole('button', { name: 'Submit' }).click();
    await test.getByRole('alert').waitFor();
    await audit('test dialog asking about unanswered questions');
    await test.getByRole('button', { name: 'Submit anyway' }).click();
    await test.getByText(/Last score/).waitFor();
    await audit('test dialog after a submission');
    await page().keyboard.press('Escape');

    await page().getByRole('button', { name: 'Knowledge Gap for Turing' }).click();
    const gap = page().getByRole('dialog', { name: 'Knowledge Gap: Turing' });
    await gap.getByRole('button', { name: 'Explain mistakes (Fill the gap)' }).click();
    await gap
      .getByText(/The passage says/)
      .first()
      .waitFor();
    await audit('knowledge gap dialog with explanations');
    await page().keyboard.press('Escape');

    await settle(page(), `/knowledge-gaps/shared/${shareId}`);
    await page().getByRole('button', { name: 'Take this test' }).waitFor();
    await audit('shared test preview');

    await settle(page(), '/study-agent');
    await page().getByLabel('Your question').fill('What is the Turing test?');
    await page().getByRole('button', { name: 'Ask' }).click();
    await page()
      .getByText(/imitation game/)
      .first()
      .waitFor();
    await page().getByLabel('Text to turn into flashcards').fill(text);
    await page().getByRole('button', { name: 'Generate 3 Flashcards' }).click();
    await page().getByRole('list', { name: 'Generated flashcards' }).waitFor();
    await audit('study agent with a conversation and generated cards');
    expect(found).toEqual({});
  });

  it('has no serious or critical axe violation in the group learning dialogs', async () => {
    const p = page();
    await presetTheme(p);
    await signUp(p, uniqueLearner());
    await settle(p, '/group-learning');
    await p.getByRole('button', { name: 'Create Room' }).click();
    const create = p.getByRole('dialog', { name: 'Create Room' });
    const found: Record<string, string[]> = { create: await seriousViolations(p) };
    await create.getByLabel('Room Name').fill('Axe room');
    await create.getByLabel('Subject').fill('Contrast');
    await create.getByRole('button', { name: 'Create Room' }).click();
    await create.waitFor({ state: 'hidden' });
    await p.getByText('Room created').waitFor();
    // Audit the dialogs, not the toasts fading in and out over them.
    await p.waitForFunction(() => !document.querySelector('[data-sonner-toast]'), null, { timeout: 15_000 });
    found.grid = await seriousViolations(p);
    await p.getByRole('button', { name: 'Enter' }).first().click();
    const room = p.getByRole('dialog', { name: 'Axe room' });
    await room.getByLabel('Question', { exact: true }).fill('Q?');
    await room.getByLabel('Answer', { exact: true }).fill('A.');
    await room.getByRole('button', { name: 'Create Question' }).click();
    await room.getByText('Card 1 of 1').waitFor();
    // The card arrives over the socket before the REST answer that raises the toast: wait for
    // the toast itself, then for it to go.
    await p.getByText('Flashcard added').waitFor();
    await p.waitForFunction(() => !document.querySelector('[data-sonner-toast]'), null, { timeout: 15_000 });
    found.room = await seriousViolations(p);
    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
  });
});
