import { describe, expect, it } from 'vitest';
import { buildApkg, PNG_1PX } from '../../api/test/fixtures/anki/build-apkg';
import { browserPerTest } from './browser-fixture';
import { expectVisibleText, signUp } from './flows';
import { uniqueLearner } from './harness';

const { page } = browserPerTest();

describe('Anki packages', () => {
  it('imports an .apkg in the browser: preview, then the cards with their history and image', async () => {
    const apkg = await buildApkg({
      format: 'anki21b',
      media: { 'cell.png': PNG_1PX },
      notes: [
        {
          type: 'Cloze',
          fields: ['The {{c1::mitochondria}} makes {{c2::ATP}} <img src="cell.png">', 'Cells'],
          deck: 'Biology::Cells',
        },
        {
          type: 'Basic',
          fields: ['Capital of Kenya?', 'Nairobi'],
          deck: 'Geography',
          cards: { 0: { reviews: [{ at: new Date('2024-01-01T09:00:00Z'), ease: 3, type: 0 }] } },
        },
      ],
    });
    await signUp(page(), uniqueLearner());
    await page().goto('/flashcards');
    await page().getByRole('button', { name: 'Import Anki', exact: true }).click();
    const dialog = page().getByRole('dialog', { name: 'Import an Anki package' });
    await dialog.getByLabel('Anki package (.apkg or .colpkg)').setInputFiles({
      name: 'biology.apkg',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(apkg),
    });
    await expectVisibleText(page(), '3 cards from 2 notes, 1 review and 1 image.');
    await expectVisibleText(page(), 'Biology::Cells: 2 cards');
    // The picker names the file it previews (the browser's own input said "No file chosen").
    expect(await dialog.getByText('biology.apkg').isVisible()).toBe(true);
    expect(await dialog.getByText('No file chosen').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Import 3 cards' }).click();
    await expectVisibleText(page(), 'Imported 3 cards, 1 review and 1 image');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page().getByTestId('deck-summary').textContent(), { timeout: 10_000 }).toMatch(/3 cards/);

    // Browse finds the imported cloze note's two cards, image and all.
    await page().getByRole('link', { name: 'Browse' }).click();
    await page().getByLabel('Search').fill('mitochondria');
    const rows = page().getByTestId('browse-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    expect(await rows.first().textContent()).toContain('Biology::Cells');

    // Studied in its deck: the blank for its number, then the deletion revealed, with the image
    // fetched with the learner's token.
    await page().goto('/flashcards');
    const picker = page().getByLabel('Deck', { exact: true });
    const cells = await picker.locator('option', { hasText: 'Cells' }).getAttribute('value');
    await picker.selectOption(cells as string);
    const card = page().getByTestId('card-text');
    await expect.poll(() => card.locator('.cloze-blank').count(), { timeout: 10_000 }).toBe(1);
    const image = card.locator('img');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 })
      .toBe(1);
    const blanked = (await card.textContent()) ?? '';
    expect(blanked).toMatch(/^The (\[\.\.\.\] makes ATP|mitochondria makes \[\.\.\.\])/);
    await page().getByRole('button', { name: 'Flip', exact: true }).click();
    await expect.poll(() => card.locator('.cloze-revealed').textContent()).toMatch(/^(mitochondria|ATP)$/);

    // And back out: the export downloads an .apkg.
    const download = page().waitForEvent('download');
    await page().getByRole('button', { name: 'Export Anki', exact: true }).click();
    expect((await download).suggestedFilename()).toBe('learnboost.apkg');
  });

  it('says what is wrong with a file that is not an Anki package', async () => {
    await signUp(page(), uniqueLearner());
    await page().goto('/flashcards');
    await page().getByRole('button', { name: 'Import Anki', exact: true }).click();
    await page()
      .getByLabel('Anki package (.apkg or .colpkg)')
      .setInputFiles({ name: 'cards.apkg', mimeType: 'application/octet-stream', buffer: Buffer.from('q,a\n') });
    await expectVisibleText(page(), 'This file is not a zip archive, so it is not an Anki package (.apkg or .colpkg).');
  });
});
