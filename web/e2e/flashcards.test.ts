import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { browserPerTest } from './browser-fixture';
import { expectVisibleText, signIn, signUp } from './flows';
import { uniqueLearner } from './harness';
import { addCards, deckOf } from './study-api';

const { page, baseURL } = browserPerTest();

const cardText = () => page().getByTestId('card-text');
const summary = () => page().getByTestId('deck-summary');
const button = (name: string) => page().getByRole('button', { name, exact: true });

async function openDeck() {
  await page().goto('/flashcards');
  await page().getByRole('heading', { level: 1, name: 'Flashcards' }).waitFor();
}

async function waitForText(locator: ReturnType<typeof cardText>, text: string | RegExp) {
  await expect.poll(() => locator.textContent(), { timeout: 10_000 }).toMatch(text);
}

describe('flashcards', () => {
  it('says the daily limit of new cards where the counts are, and lets the learner change it', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [
      { question: 'uno', answer: 'one' },
      { question: 'dos', answer: 'two' },
      { question: 'tres', answer: 'three' },
    ]);
    await openDeck();
    const limit = page().getByTestId('new-card-limit');
    // Three new cards are in the session; seventeen more may start today.
    await waitForText(limit, /New cards: at most 20 a day \(17 more today\)/);
    await waitForText(page().getByText(/reviewed · \d+ to go/), /0 reviewed · 3 to go/);

    await limit.getByRole('button', { name: /^Change/ }).click();
    const dialog = page().getByRole('dialog', { name: 'New cards per day' });
    await dialog.getByLabel('New cards per day').fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectVisibleText(page(), 'New cards per day: 2');
    await waitForText(limit, /New cards: at most 2 a day \(0 more today\)/);
    // Three cards are due, but a session starts only two new ones today: the counts now agree.
    await waitForText(page().getByText(/reviewed · \d+ to go/), /0 reviewed · 2 to go/);
    await waitForText(summary(), /3 cards · 3 due now/);
  });

  it('shows the empty state to a new learner, checks the form and creates a card', async () => {
    await signUp(page(), uniqueLearner());
    await openDeck();
    await expectVisibleText(page(), 'No flashcards yet. Create your first one!');
    await page().getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).waitFor();

    await button('Add Flashcard').click();
    const dialog = page().getByRole('dialog', { name: 'Add New Flashcard' });
    await dialog.waitFor();
    await dialog.getByLabel('Question').fill('Only a question');
    await dialog.getByRole('button', { name: 'Create Flashcard' }).click();
    await expectVisibleText(page(), 'Please fill in both question and answer');

    await dialog.getByLabel('Answer').fill('And its answer');
    await dialog.getByRole('button', { name: 'Create Flashcard' }).click();
    await expectVisibleText(page(), 'Flashcard created!');
    await dialog.waitFor({ state: 'hidden' });
    await waitForText(cardText(), 'Only a question');
    await waitForText(summary(), /1 card · 1 due now/);
    // Progress counts the reviews of this session: none yet.
    await expectVisibleText(page(), '0% completed');

    // The dialog starts empty again after a success.
    await button('Add Flashcard').click();
    expect(await dialog.getByLabel('Question').inputValue()).toBe('');
    expect(await dialog.getByLabel('Answer').inputValue()).toBe('');
  });

  it('adds several cards in a row with "Create and add another" and Ctrl+Enter', async () => {
    await signUp(page(), uniqueLearner());
    await openDeck();
    await button('Add Flashcard').click();
    const dialog = page().getByRole('dialog', { name: 'Add New Flashcard' });
    await dialog.getByLabel('Question').fill('Capital of Kenya?');
    await dialog.getByLabel('Answer').fill('Nairobi');
    await dialog.getByRole('button', { name: 'Create and add another' }).click();
    await expectVisibleText(page(), 'Flashcard created!');
    // Still open, emptied, and ready for the next question.
    await expect.poll(() => dialog.getByLabel('Question').inputValue()).toBe('');
    expect(await dialog.getByLabel('Answer').inputValue()).toBe('');
    expect(await dialog.getByLabel('Question').evaluate((el) => el === document.activeElement)).toBe(true);

    await page().keyboard.type('Capital of Ghana?');
    await dialog.getByLabel('Answer').fill('Accra');
    await page().keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'hidden' });
    await waitForText(summary(), /2 cards · 2 due now/);
  });

  it('edits a card in place, deletes one only when confirmed, and both stay after a reload', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [
      { question: 'Capital of Frnace?', answer: 'Paris' },
      { question: 'Capital of Peru?', answer: 'Lima' },
    ]);
    await openDeck();
    await waitForText(cardText(), 'Capital of Frnace?');

    await button('Edit').click();
    const edit = page().getByRole('dialog', { name: 'Edit Flashcard' });
    await edit.waitFor();
    expect(await edit.getByLabel('Question').inputValue()).toBe('Capital of Frnace?');
    expect(await edit.getByLabel('Answer').inputValue()).toBe('Paris');
    await edit.getByLabel('Question').fill('Capital of France?');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectVisibleText(page(), 'Flashcard updated');
    await waitForText(cardText(), 'Capital of France?');

    await button('Delete').click();
    const confirm = page().getByRole('dialog', { name: 'Delete Flashcard' });
    await expectVisibleText(page(), /“Capital of France\?” and its review history will be deleted/);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await waitForText(summary(), /2 cards · 2 due now/);

    await button('Delete').click();
    await confirm.getByRole('button', { name: 'Delete Flashcard' }).click();
    await expectVisibleText(page(), 'Flashcard deleted');
    await waitForText(cardText(), 'Capital of Peru?');
    await waitForText(summary(), /1 card · 1 due now/);

    await page().reload();
    await waitForText(cardText(), 'Capital of Peru?');
    expect((await deckOf(page())).map((c) => c.question)).toEqual(['Capital of Peru?']);
  });

  it('flips with Space right after arriving from the sidebar, the link still focused', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [{ question: 'Capital of Peru?', answer: 'Lima' }]);
    await page().goto('/');
    await page().getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Flashcards' }).click();
    await waitForText(cardText(), 'Capital of Peru?');
    await page().keyboard.press('Space');
    await waitForText(cardText(), 'Lima');
  });

  it('flips with Space, rates with the keys, says when the card returns, and keeps it after a reload', async () => {
    await page().clock.install();
    await signUp(page(), uniqueLearner());
    await addCards(page(), [
      { question: 'Capital of Italy?', answer: 'Rome' },
      { question: 'Capital of Spain?', answer: 'Madrid' },
    ]);
    await openDeck();
    await waitForText(cardText(), 'Capital of Italy?');
    await waitForText(summary(), /2 cards · 2 due now/);
    await expectVisibleText(page(), '0% completed');
    expect(await button('Remembered').isDisabled()).toBe(true);
    expect(await button('Review Again').isDisabled()).toBe(true);

    // Rating keys do nothing until the answer has been seen.
    await page().keyboard.press('2');
    await waitForText(cardText(), 'Capital of Italy?');

    // The learner thinks for a minute and a half before flipping: the buttons still say the
    // card's real steps, counted from when they were worked out, not from now.
    await page().clock.fastForward(90_000);
    await page().keyboard.press('Space');
    await waitForText(cardText(), 'Rome');
    // The flipped card keeps its question above the answer.
    expect(await page().getByTestId('card-question').textContent()).toBe('Capital of Italy?');
    expect(await button('Remembered').isEnabled()).toBe(true);
    // When the card would come back is said under each button (a new card's learning steps).
    const waitOf = (name: string) =>
      button(name).evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent);
    expect(await waitOf('Remembered')).toBe('back in 10 minutes');
    expect(await waitOf('Review Again')).toBe('back in 1 minute');
    // Hard and Easy are buttons too, not only keys: a phone has none.
    expect(await waitOf('Hard')).toBe('back in 6 minutes');
    expect(await waitOf('Easy')).toMatch(/^back in \d+ days?$/);

    await page().keyboard.press('3');
    await waitForText(cardText(), 'Capital of Spain?');
    await expectVisibleText(page(), '50% completed');
    // The same words as on the button: one formatter everywhere.
    await expectVisibleText(page(), '“Capital of Italy?” comes back again in 10 minutes.');
    await waitForText(summary(), /2 cards · 1 due now/);

    await page().reload();
    // The reviewed card is no longer due, so the other one now leads the deck.
    await waitForText(cardText(), 'Capital of Spain?');
    await waitForText(summary(), /2 cards · 1 due now/);
    const italy = (await deckOf(page())).find((c) => c.question === 'Capital of Italy?');
    expect(italy?.reps).toBe(1);
  });

  it('ends the session with "All done for now" when every due card is done, and undoes a rating with Ctrl+Z', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [{ question: 'Lone card', answer: 'Alone' }]);
    await openDeck();
    await waitForText(cardText(), 'Lone card');

    await button('Flip').click();
    await waitForText(cardText(), 'Alone');
    // 4 is Easy: the new card leaves its learning steps for days.
    await page().keyboard.press('4');
    await page().getByRole('heading', { name: 'All done for now' }).waitFor();
    await expectVisibleText(page(), 'You made 1 review in this session.');
    await expectVisibleText(page(), /The next card is due /);
    // Not a single card cycles back while nothing is due.
    expect(await cardText().count()).toBe(0);
    await expect.poll(async () => (await deckOf(page()))[0]?.reps, { timeout: 10_000 }).toBe(1);

    await page().keyboard.press('Control+z');
    await waitForText(cardText(), 'Lone card');
    await expect.poll(async () => (await deckOf(page()))[0]?.reps, { timeout: 10_000 }).toBe(0);
    expect(await button('Undo').isDisabled()).toBe(true);
  });

  it('does not claim "All done for now" when it cannot ask for more cards, and asks again on request', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [{ question: 'Last card', answer: 'Rated' }]);
    await openDeck();
    await waitForText(cardText(), 'Last card');
    await page().route('**/api/flashcards/study*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Database unavailable"}' }),
    );
    await page().keyboard.press('Space');
    await page().keyboard.press('4');
    await page().getByRole('heading', { name: 'Could not check for more cards' }).waitFor();
    expect(await page().getByRole('heading', { name: 'All done for now' }).count()).toBe(0);

    await page().unroute('**/api/flashcards/study*');
    await button('Check again').click();
    await page().getByRole('heading', { name: 'All done for now' }).waitFor();
    await expectVisibleText(page(), 'You made 1 review in this session.');
  });

  it('offers "Study ahead" at the end: practice that leaves the schedule as it is', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [{ question: 'Ahead card', answer: 'Practised' }]);
    await openDeck();
    await waitForText(cardText(), 'Ahead card');
    await page().keyboard.press('Space');
    await page().keyboard.press('4');
    await page().getByRole('heading', { name: 'All done for now' }).waitFor();
    await expect.poll(async () => (await deckOf(page()))[0]?.reps, { timeout: 10_000 }).toBe(1);
    const [scheduled] = await deckOf(page());

    await button('Study ahead').click();
    await waitForText(cardText(), 'Ahead card');
    await expectVisibleText(page(), /Studying ahead: practice only/);
    await page().keyboard.press('Space');
    await page().keyboard.press('3');
    await expectVisibleText(page(), 'You practised 1 card ahead. Their schedule is unchanged.');
    // The practice is recorded; the card's review count and due date stay as FSRS set them.
    await page().waitForTimeout(500);
    const [after] = await deckOf(page());
    expect({ reps: after?.reps, due: after?.due }).toEqual({ reps: scheduled?.reps, due: scheduled?.due });
  });

  it('brings a card rated Review Again back at the end of the session, before it ends', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [
      { question: 'Hard one', answer: 'Tricky' },
      { question: 'Easy one', answer: 'Simple' },
    ]);
    await openDeck();
    await waitForText(cardText(), 'Hard one');
    await page().keyboard.press('Space');
    await page().keyboard.press('1');
    await waitForText(cardText(), 'Easy one');
    await page().keyboard.press('Space');
    await page().keyboard.press('4');
    // The first card's next step is a minute away: it is studied now rather than waited for.
    await waitForText(cardText(), 'Hard one');
    await page().keyboard.press('Space');
    await page().keyboard.press('4');
    await page().getByRole('heading', { name: 'All done for now' }).waitFor();
    await expectVisibleText(page(), 'You made 3 reviews in this session, 1 of them to review again soon.');
  });

  it('imports pasted CSV with a quoted comma, skips the duplicate, and exports the deck as CSV', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [{ question: 'What is 2+2?', answer: '4' }]);
    await openDeck();
    await waitForText(summary(), /1 card · 1 due now/);

    await button('Import').click();
    const dialog = page().getByRole('dialog', { name: 'Import Flashcards' });
    await dialog
      .getByLabel('Cards to import')
      .fill(
        ['question,answer', '"Capital of France, officially",Paris', 'What is 2+2?,4', 'Largest planet?,Jupiter'].join(
          '\n',
        ),
      );
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await waitForText(dialog.getByTestId('import-summary'), /3 cards found \(CSV\), 1 duplicate will be skipped/);
    const duplicateRow = dialog.getByRole('row').filter({ hasText: 'What is 2+2?' });
    expect(await duplicateRow.getByText('Duplicate').isVisible()).toBe(true);
    expect(await dialog.getByRole('cell', { name: 'Capital of France, officially' }).isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Import 2 cards' }).click();
    await expectVisibleText(page(), 'Imported 2 cards, skipped 1 duplicate');
    await dialog.waitFor({ state: 'hidden' });
    await waitForText(summary(), /3 cards · 3 due now/);
    const questions = (await deckOf(page())).map((c) => c.question).sort();
    expect(questions).toEqual(['Capital of France, officially', 'Largest planet?', 'What is 2+2?']);

    const [download] = await Promise.all([page().waitForEvent('download'), button('Export CSV').click()]);
    expect(download.suggestedFilename()).toBe('learnboost-flashcards.csv');
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain('"Capital of France, officially",Paris');
    expect(csv).toContain('Largest planet?,Jupiter');
  });

  it('tells the learner when an import is not valid', async () => {
    await signUp(page(), uniqueLearner());
    await openDeck();
    await button('Import').click();
    const dialog = page().getByRole('dialog', { name: 'Import Flashcards' });
    await dialog.getByLabel('Cards to import').fill('a question without an answer');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expectVisibleText(page(), /needs both a question and an answer/);
  });
  it('moves on at once, retries a failed rating, and says so when it still cannot be saved', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [
      { question: 'Flaky network?', answer: 'Retried' },
      { question: 'Server down?', answer: 'Reported' },
    ]);
    await openDeck();
    await waitForText(cardText(), 'Flaky network?');

    let failuresLeft = 2;
    await page().route('**/api/flashcards/*/review', (route) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":"Database unavailable"}',
        });
      }
      return route.continue();
    });
    await page().keyboard.press('Space');
    await page().keyboard.press('3');
    // The next card shows while the first rating is still being retried.
    await waitForText(cardText(), 'Server down?');
    await expectVisibleText(page(), /“Flaky network\?” comes back again in/);
    const flaky = (await deckOf(page())).find((c) => c.question === 'Flaky network?');
    expect(flaky?.reps).toBe(1);

    await page().unroute('**/api/flashcards/*/review');
    await page().route('**/api/flashcards/*/review', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Database unavailable"}' }),
    );
    await page().keyboard.press('Space');
    await page().keyboard.press('3');
    await expectVisibleText(page(), 'Your rating of "Server down?" could not be saved: Database unavailable');
  });
  it('reads the visible side aloud, and explains why Voice is off without speech synthesis', async () => {
    await page().addInitScript(() => {
      const spoken: string[] = [];
      Object.assign(window, { spokenTexts: spoken });
      Object.defineProperty(window, 'speechSynthesis', {
        configurable: true,
        value: { cancel: () => {}, speak: (u: SpeechSynthesisUtterance) => spoken.push(u.text) },
      });
    });
    const learnerOf = uniqueLearner();
    await signUp(page(), learnerOf);
    await addCards(page(), [{ question: 'Say it', answer: 'Aloud' }]);
    await openDeck();
    await waitForText(cardText(), 'Say it');
    await button('Voice').click();
    await button('Flip').click();
    await waitForText(cardText(), 'Aloud');
    await button('Voice').click();
    expect(await page().evaluate(() => (window as unknown as { spokenTexts: string[] }).spokenTexts)).toEqual([
      'Say it',
      'Aloud',
    ]);

    const context = await page().context().browser()?.newContext({ baseURL });
    if (!context) throw new Error('no browser');
    try {
      const silent = await context.newPage();
      await silent.addInitScript(() => {
        // [Global] interfaces keep attributes on the instance, others on the prototype: remove both.
        delete (window as unknown as { speechSynthesis?: unknown }).speechSynthesis;
        delete (Window.prototype as unknown as { speechSynthesis?: unknown }).speechSynthesis;
      });
      await signIn(silent, learnerOf.email, learnerOf.password);
      await silent.goto('/flashcards');
      const voice = silent.getByRole('button', { name: 'Voice', exact: true });
      await voice.waitFor();
      expect(await voice.isDisabled()).toBe(true);
      expect(await voice.getAttribute('title')).toMatch(/needs speech synthesis/);
    } finally {
      await context.close();
    }
  });
});
