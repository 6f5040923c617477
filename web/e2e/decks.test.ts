import { CLOZE_MISSING } from '@learnboost/api/contract';
import { describe, expect, it } from 'vitest';
import { browserPerTest } from './browser-fixture';
import { expectVisibleText, pathOf, signUp } from './flows';
import { uniqueLearner } from './harness';
import { addCards, callApi } from './study-api';

const { page } = browserPerTest();

const button = (name: string) => page().getByRole('button', { name, exact: true });
const rows = () => page().getByTestId('browse-row');
const deckPicker = () => page().getByLabel('Deck', { exact: true });
const chosenDeck = () => deckPicker().locator('option:checked').textContent();

async function openFlashcards() {
  await page().goto('/flashcards');
  await page().getByRole('heading', { level: 1, name: 'Flashcards' }).waitFor();
}

async function newDeck(name: string) {
  await button('New Deck').click();
  const dialog = page().getByRole('dialog', { name: 'New Deck' });
  await dialog.getByLabel('Deck name').fill(name);
  await dialog.getByRole('button', { name: 'Create Deck' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function rowCount(n: number) {
  await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(n);
}

interface Deck {
  id: string;
  name: string;
  cardCount: number;
}

describe('decks and cloze cards', () => {
  it('creates a nested deck, adds a cloze card in it with the wrap button, and studies it: blank, then revealed', async () => {
    await signUp(page(), uniqueLearner());
    await openFlashcards();
    expect(await chosenDeck()).toMatch(/^All decks/);

    await newDeck('Biology');
    await expectVisibleText(page(), 'Deck "Biology" created');
    await newDeck('Biology::Cells');
    // The new deck is chosen, shown as its own name nested under its parent.
    await expect.poll(chosenDeck).toMatch(/^\s+Cells \(0 due · 0 new\)$/);

    await button('Add Flashcard').click();
    const dialog = page().getByRole('dialog', { name: 'Add New Flashcard' });
    await dialog.getByRole('radio', { name: 'Cloze' }).check();
    const text = dialog.getByLabel('Text');
    await text.fill('Mitochondria make energy');
    await dialog.getByRole('button', { name: 'Create Flashcard' }).click();
    await expectVisibleText(page(), CLOZE_MISSING);

    await text.fill('Mitochondria make ATP');
    await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.indexOf('ATP'), el.value.length));
    await dialog.getByRole('button', { name: 'Cloze deletion [...]' }).click();
    expect(await text.inputValue()).toBe('Mitochondria make {{c1::ATP}}');
    await dialog.getByLabel('Extra').fill('The cell’s energy currency');
    // The card goes to the deck being studied unless another is chosen.
    expect(await dialog.getByLabel('Deck', { exact: true }).locator('option:checked').textContent()).toMatch(/Cells/);
    await dialog.getByText('Mitochondria make [...]').waitFor();
    await dialog.getByRole('button', { name: 'Create Flashcard' }).click();
    await expectVisibleText(page(), 'Flashcard created!');
    await dialog.waitFor({ state: 'hidden' });

    const card = page().getByTestId('card-text');
    await expect.poll(() => card.textContent()).toBe('Mitochondria make [...]');
    expect(await card.locator('.cloze-blank').textContent()).toBe('[...]');
    await expect.poll(() => page().getByTestId('deck-counts').textContent()).toBe('0 due · 1 new');

    await button('Flip').click();
    await expect.poll(() => card.locator('.cloze-revealed').textContent()).toBe('ATP');
    expect(await card.textContent()).toBe('Mitochondria make ATPThe cell’s energy currency');
    expect(await card.locator('.cloze-blank').count()).toBe(0);

    // The choice is remembered, and studying another deck leaves this card out.
    await page().reload();
    await expect.poll(chosenDeck).toMatch(/Cells/);
    await deckPicker().selectOption({ label: 'My Flashcards (0 due · 0 new)' });
    await expectVisibleText(page(), 'No flashcards yet. Create your first one!');
  });

  it('imports CSV into the deck the learner chooses', async () => {
    await signUp(page(), uniqueLearner());
    const german = await callApi<Deck>(page(), 'POST', '/decks', { name: 'German' });
    await openFlashcards();
    await button('Import').click();
    const dialog = page().getByRole('dialog', { name: 'Import Flashcards' });
    // "All decks" on screen: the default deck is offered; the learner picks German instead.
    expect(await dialog.getByLabel('Into deck').locator('option:checked').textContent()).toBe('My Flashcards');
    await dialog.getByLabel('Into deck').selectOption({ label: 'German' });
    await dialog.getByLabel('Cards to import').fill('Hund,dog\nKatze,cat');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('button', { name: 'Import 2 cards' }).click();
    await expectVisibleText(page(), 'Imported 2 cards');
    const decks = await callApi<Deck[]>(page(), 'GET', '/decks');
    expect(decks.find((d) => d.id === german.id)?.cardCount).toBe(2);
    expect(decks.find((d) => d.name === 'My Flashcards')?.cardCount).toBe(0);
  });

  it('deletes a deck by moving its cards, and shows why the default deck cannot go', async () => {
    await signUp(page(), uniqueLearner());
    const spanish = await callApi<Deck>(page(), 'POST', '/decks', { name: 'Spanish' });
    await callApi(page(), 'POST', '/flashcards', { question: 'perro', answer: 'dog', deckId: spanish.id });
    await openFlashcards();
    await deckPicker().selectOption({ label: 'Spanish (0 due · 1 new)' });
    await page().getByTestId('card-text').getByText('perro').waitFor();

    await button('Delete Deck').click();
    const confirm = page().getByRole('dialog', { name: 'Delete Deck' });
    await confirm.getByText('“Spanish” holds 1 card.', { exact: false }).waitFor();
    expect(await confirm.getByLabel('Move to').locator('option:checked').textContent()).toBe('My Flashcards');
    await confirm.getByRole('button', { name: 'Delete Deck' }).click();
    await expectVisibleText(page(), 'Deck "Spanish" deleted');
    await expect.poll(chosenDeck).toMatch(/^All decks/);
    const decks = await callApi<Deck[]>(page(), 'GET', '/decks');
    expect(decks.map((d) => [d.name, d.cardCount])).toEqual([['My Flashcards', 1]]);

    await deckPicker().selectOption({ label: 'My Flashcards (0 due · 1 new)' });
    await button('Delete Deck').click();
    await confirm.getByRole('radio', { name: 'Delete them with the deck' }).check();
    await confirm.getByRole('button', { name: 'Delete Deck' }).click();
    await expectVisibleText(page(), /is your default deck, where new cards go; it cannot be deleted/);
  });

  it('shows one card’s review history from Browse: when, the rating, the time and the interval it set', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [{ question: 'Capital of Chile?', answer: 'Santiago' }]);
    const [card] = (await callApi<{ cards: { id: string }[] }>(page(), 'GET', '/flashcards')).cards;
    await callApi(page(), 'PUT', `/flashcards/${card?.id}/review`, { rating: 3, durationMs: 7_000 });
    await callApi(page(), 'PUT', `/flashcards/${card?.id}/review`, { rating: 1, durationMs: 12_000 });
    await openFlashcards();
    await page().getByRole('link', { name: 'Browse' }).click();
    await rowCount(1);
    await page().getByRole('button', { name: 'Review history of “Capital of Chile?”' }).click();
    const dialog = page().getByRole('dialog', { name: 'Review history' });
    await dialog.getByText('2 reviews, newest first').waitFor();
    const cells = await dialog
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent)));
    expect(cells).toEqual([
      ['Review Again', '12 s', expect.stringMatching(/minutes?$/)],
      ['Remembered', '7 s', '10 minutes'],
    ]);
  });

  it('browses: searches, filters, selects with the keyboard, suspends and unsuspends, deletes once confirmed', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [
      { question: 'Capital of France?', answer: 'Paris' },
      { question: 'Capital of Peru?', answer: 'Lima' },
    ]);
    await callApi(page(), 'POST', '/flashcards', { kind: 'cloze', question: 'The {{c1::heart}} pumps {{c2::blood}}' });
    await openFlashcards();
    await page().getByRole('link', { name: 'Browse' }).click();
    await page().getByRole('heading', { level: 1, name: 'Browse' }).waitFor();
    expect(pathOf(page())).toBe('/flashcards/browse');
    await rowCount(4);
    // A cloze card's rows show its blank, one row per number.
    await page().getByRole('cell', { name: 'The [...] pumps blood', exact: true }).waitFor();
    await page().getByRole('cell', { name: 'The heart pumps [...]', exact: true }).waitFor();

    const search = page().getByLabel('Search');
    await search.fill('zebra');
    await expectVisibleText(page(), 'No cards match');
    await search.fill('capital');
    await rowCount(2);

    // The keyboard: the first row, Space selects it, down a row, Shift+Space selects the range.
    await rows().first().focus();
    await page().keyboard.press('Space');
    await page().keyboard.press('ArrowDown');
    await page().keyboard.press('Shift+Space');
    await expectVisibleText(page(), '2 selected');
    await button('Suspend').click();
    await expectVisibleText(page(), 'Suspended 2 cards');
    await expect
      .poll(() => rows().evaluateAll((els) => els.map((el) => el.dataset.suspended)))
      .toEqual(['true', 'true']);
    await expect.poll(() => page().getByText('Suspended', { exact: true }).count()).toBeGreaterThanOrEqual(2);

    await search.fill('');
    await page().getByLabel('State').selectOption('suspended');
    await rowCount(2);
    await page().getByLabel('Select all cards shown').check();
    await button('Unsuspend').click();
    await expectVisibleText(page(), 'Unsuspended 2 cards');
    await expectVisibleText(page(), 'No cards match');

    await page().getByLabel('State').selectOption('');
    await page().getByRole('button', { name: 'Lapses' }).click();
    await rowCount(4);
    await page().getByLabel('Select “Capital of Peru?”').check();
    await button('Delete').click();
    const confirm = page().getByRole('dialog', { name: 'Delete Flashcards' });
    await confirm.getByText('1 card and its review history will be deleted', { exact: false }).waitFor();
    await page().keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    await rowCount(4);
    await button('Delete').click();
    await confirm.getByRole('button', { name: 'Delete 1 card' }).click();
    await expectVisibleText(page(), 'Deleted 1 card');
    await rowCount(3);
    expect(await page().getByRole('cell', { name: 'Capital of Peru?', exact: true }).count()).toBe(0);
  });
});
