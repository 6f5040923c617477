import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerTest } from './browser-fixture';
import { expectVisibleText, signUp } from './flows';
import { uniqueLearner } from './harness';

const { page } = browserPerTest();

const PASSAGE = `The printing press with movable metal type was developed by Johannes Gutenberg in the German city of Mainz around 1440. Before it, books in Europe were copied by hand, usually by monks. Gutenberg cast individual letters from an alloy of lead, tin and antimony. He used an oil-based ink that stuck to metal better than the water-based inks of the time. His most famous work, the Gutenberg Bible, was completed in about 1455. Around 180 copies were printed, and 49 are known to survive today. By 1500 printing presses were operating in more than 250 European cities. In 1517 Martin Luther's Ninety-five Theses were printed and circulated across Germany within weeks. Printing lowered the cost of books and helped spread literacy across Europe.`;

async function createTest(p: Page, name: string, text: string) {
  await p.getByRole('button', { name: '+ Create New Test' }).click();
  const dialog = p.getByRole('dialog', { name: 'Create New Test' });
  await dialog.getByLabel('Test name').fill(name);
  await dialog.getByLabel('Passage').fill(text);
  await dialog.getByRole('button', { name: 'Generate MCQs' }).click();
  await expectVisibleText(p, 'Test created');
  await dialog.waitFor({ state: 'hidden' });
}

/** Renders clean text to a PNG with the browser itself: an image to upload, made at test time. */
async function textImage(p: Page, text: string): Promise<Buffer> {
  const sheet = await p.context().newPage();
  await sheet.setViewportSize({ width: 1000, height: 900 });
  const lines = text.match(/[^.]+\./g) ?? [text];
  await sheet.setContent(
    `<body style="margin:0;padding:30px;background:#fff;color:#000;font:26px/1.5 'DejaVu Sans',Arial,sans-serif">${lines.map((l) => `<p style="margin:0 0 6px">${l.trim()}</p>`).join('')}</body>`,
  );
  const png = await sheet.screenshot({ type: 'png', fullPage: true });
  await sheet.close();
  return png;
}

describe('knowledge tests', () => {
  it('creates a test from a passage, takes it, submits it and explains the mistakes', async () => {
    await signUp(page(), uniqueLearner());
    await page().goto('/knowledge-gaps');
    await page().getByRole('heading', { level: 1, name: 'Knowledge Tests' }).waitFor();
    await expectVisibleText(page(), /AI: built-in offline engine/);

    await page().getByRole('button', { name: 'Knowledge Gap', exact: true }).click();
    await expectVisibleText(page(), 'No test selected');

    await page().getByRole('button', { name: '+ Create New Test' }).click();
    await page().getByRole('dialog').getByRole('button', { name: 'Generate MCQs' }).click();
    await expectVisibleText(page(), 'Please enter name and paste the text.');
    await page().getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await createTest(page(), 'Printing press', PASSAGE);
    await expectVisibleText(page(), '6 questions');

    await page().getByRole('button', { name: 'Open Printing press' }).click();
    const test = page().getByRole('dialog', { name: 'Printing press' });
    await expectVisibleText(page(), '0 / 6 answered');
    const radios = test.getByRole('radio');
    expect(await radios.count()).toBe(24);
    await radios.nth(0).check();
    await expectVisibleText(page(), '1 / 6 answered');
    await test.getByRole('button', { name: 'Reset Answers' }).click();
    await expectVisibleText(page(), '0 / 6 answered');
    await radios.nth(0).check();
    await radios.nth(5).check();
    // Four questions left blank would count as wrong: the learner is asked first.
    await test.getByRole('button', { name: 'Submit' }).click();
    await test.getByRole('alert').getByText('4 of 6 questions are unanswered.').waitFor();
    await test.getByRole('button', { name: 'Keep answering' }).click();
    expect(await test.getByRole('alert').count()).toBe(0);
    await test.getByRole('button', { name: 'Submit' }).click();
    await test.getByRole('button', { name: 'Submit anyway' }).click();
    await expectVisibleText(page(), /Submitted — score \d+%/);
    // Two answers of six score at most 33%: said plainly, not celebrated as a success.
    const scoreToast = page()
      .locator('[data-sonner-toast]')
      .filter({ hasText: /Submitted — score/ });
    expect(await scoreToast.getAttribute('data-type')).toBe('info');
    await expectVisibleText(page(), /Last score: \d+% · \d mistakes?/);
    // The correct choice of every question is highlighted once a submission exists, and the
    // learner's own wrong picks are marked too.
    expect(await test.getByText('Correct answer').count()).toBe(6);
    const mistakes = Number((await test.getByText(/Last score/).textContent())?.match(/(\d) mistake/)?.[1]);
    const blanks = await test.getByText('Not answered').count();
    expect(blanks).toBe(4);
    expect(await test.getByText('Your answer', { exact: true }).count()).toBe(mistakes - blanks);

    // A retake hides the answers until the new submission.
    await test.getByRole('button', { name: 'Retake' }).click();
    expect(await test.getByText('Correct answer').count()).toBe(0);
    await expectVisibleText(page(), '0 / 6 answered');
    expect(await radios.nth(0).isChecked()).toBe(false);
    await test.getByRole('button', { name: 'Close' }).last().click();

    await page().getByRole('button', { name: 'Knowledge Gap for Printing press' }).click();
    const gap = page().getByRole('dialog', { name: 'Knowledge Gap: Printing press' });
    await gap.getByText('Original passage').waitFor();
    await expectVisibleText(page(), /Your answer: /);
    await gap.getByRole('button', { name: 'Explain mistakes (Fill the gap)' }).click();
    await expectVisibleText(page(), 'Explanations ready');
    await expectVisibleText(page(), /The passage says: "/);
    // Kept with the submission: reopening the Knowledge Gap shows them again.
    await page().keyboard.press('Escape');
    await gap.waitFor({ state: 'hidden' });
    await page().reload();
    await page().getByRole('button', { name: 'Knowledge Gap for Printing press' }).click();
    await gap
      .getByText(/The passage says: "/)
      .first()
      .waitFor();

    // "This question is wrong": it leaves the test, and the score is computed again without it.
    const before = await gap.getByRole('button', { name: /^This question is wrong/ }).count();
    await gap
      .getByRole('button', { name: /^This question is wrong/ })
      .first()
      .click();
    await expectVisibleText(page(), 'Question removed from the test');
    await expectVisibleText(page(), /Your score, without it: \d+%/);
    await expect.poll(() => gap.getByRole('button', { name: /^This question is wrong/ }).count()).toBe(before - 1);
    await page().keyboard.press('Escape');
    await expectVisibleText(page(), '5 questions');
  });

  it('keeps the actions of a long test in view while its questions scroll', async () => {
    await signUp(page(), uniqueLearner());
    await page().goto('/knowledge-gaps');
    await createTest(page(), 'Long press', PASSAGE);
    await page().getByRole('button', { name: 'Open Long press' }).click();
    const test = page().getByRole('dialog', { name: 'Long press' });
    const submit = test.getByRole('button', { name: 'Submit' });
    await submit.waitFor();
    const inView = async () => {
      const [button, dialog] = await Promise.all([submit.boundingBox(), test.boundingBox()]);
      return !!button && !!dialog && button.y >= dialog.y && button.y + button.height <= dialog.y + dialog.height + 1;
    };
    expect(await inView()).toBe(true);
    await test.evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
    expect(await inView()).toBe(true);
  });

  it('creates a test from text extracted from an image', async () => {
    await signUp(page(), uniqueLearner());
    await page().goto('/knowledge-gaps');
    await page().getByRole('button', { name: '+ Create New Test' }).click();
    const dialog = page().getByRole('dialog', { name: 'Create New Test' });
    await dialog.getByRole('button', { name: 'Extract Text' }).click();
    await expectVisibleText(page(), 'Choose an image');

    await dialog.getByLabel('Image (optional)').setInputFiles({
      name: 'page.png',
      mimeType: 'image/png',
      buffer: await textImage(page(), PASSAGE),
    });
    await dialog.getByRole('button', { name: 'Extract Text' }).click();
    await expectVisibleText(page(), 'Text extracted and appended');
    expect((await dialog.getByLabel('Passage').inputValue()).replace(/\s+/g, ' ')).toContain('Johannes Gutenberg');
    await dialog.getByLabel('Test name').fill('From a photo');
    await dialog.getByRole('button', { name: 'Generate MCQs' }).click();
    await expectVisibleText(page(), 'Test created');
    await expectVisibleText(page(), 'From a photo');
  });

  it('shares a link that another learner opens to take the test', async () => {
    await page().context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUp(page(), uniqueLearner());
    await page().goto('/knowledge-gaps');
    await createTest(page(), 'Shared press', PASSAGE);
    await page().getByRole('button', { name: 'Share Shared press' }).click();
    await expectVisibleText(page(), 'Link copied');
    const link = await page().evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/knowledge-gaps\/shared\/[\w-]+$/);

    await page().getByRole('button', { name: 'Logout' }).click();
    await page().waitForURL((url) => url.pathname === '/login');
    // Opened while signed out: sign-in comes first, then (through sign-up too) the link itself.
    const sharedPath = new URL(link).pathname;
    await page().goto(sharedPath);
    await page().waitForURL((url) => url.pathname === '/login');
    await page().getByRole('link', { name: 'Sign up' }).click();
    const newcomer = uniqueLearner();
    await page().getByLabel('Username').fill(newcomer.username);
    await page().getByLabel('Email').fill(newcomer.email);
    await page().getByLabel('Password').fill(newcomer.password);
    await page().getByRole('button', { name: 'Sign Up' }).click();
    await page().waitForURL((url) => url.pathname === sharedPath);
    const shared = page().getByRole('region', { name: 'Shared test' });
    await shared.getByText('Shared press').waitFor();
    await shared.getByText('6 questions').waitFor();
    await shared.getByRole('button', { name: 'Take this test' }).click();
    await expectVisibleText(page(), 'Test added to your tests');
    await page().getByRole('dialog', { name: 'Shared press' }).waitFor();
    await expectVisibleText(page(), '0 / 6 answered');
  });
});
