import { describe, expect, it } from 'vitest';
import { browserPerTest } from './browser-fixture';
import { expectVisibleText, signUp } from './flows';
import { uniqueLearner } from './harness';

const { page } = browserPerTest();

const NOTES = `A relational database stores data in tables made of rows and columns. The relational model was proposed by Edgar F. Codd in 1970. A primary key is a column whose value identifies each row uniquely. A foreign key is a column that refers to the primary key of another table. SQL is the language used to query relational databases.`;

describe('the study agent', () => {
  it('generates three flashcards into the deck, then answers from them, and keeps the chat across pages', async () => {
    const errors: string[] = [];
    page().on('pageerror', (e) => errors.push(String(e)));
    await signUp(page(), uniqueLearner());
    await page().goto('/study-agent');
    await expectVisibleText(page(), /I'm your study agent/);

    await page().getByRole('button', { name: 'Generate 3 Flashcards' }).click();
    await expectVisibleText(page(), 'Please enter some text first!');
    await page().getByLabel('Text to turn into flashcards').fill(NOTES);
    await page().getByRole('button', { name: 'Generate 3 Flashcards' }).click();
    await expectVisibleText(page(), 'Generated 3 flashcards!');
    const listed = page().getByRole('list', { name: 'Generated flashcards' }).getByRole('listitem');
    expect(await listed.count()).toBe(3);
    const deck = await page().evaluate(async () => {
      const res = await fetch('/api/flashcards', {
        headers: { authorization: `Bearer ${localStorage.getItem('auth_token')}` },
      });
      return (await res.json()) as { total: number };
    });
    expect(deck.total).toBe(3);

    await page().getByRole('button', { name: 'Ask' }).click();
    await expectVisibleText(page(), 'Please type a question');
    await page().getByLabel('Your question').fill('What is a primary key?');
    await page().getByLabel('Your question').press('Enter');
    await expectVisibleText(page(), /identifies each row uniquely/);

    await page().getByRole('link', { name: 'Flashcards' }).first().click();
    await page().waitForURL((url) => url.pathname === '/flashcards');
    await page().getByRole('link', { name: 'Study Agent' }).first().click();
    // The deck on /flashcards shows the same question: wait until the agent's page is the one shown.
    await page().waitForURL((url) => url.pathname === '/study-agent');
    await expectVisibleText(page(), 'What is a primary key?');
    await expectVisibleText(page(), /identifies each row uniquely/);
    // Leaving the page altogether (a reload) keeps it too.
    await page().reload();
    await expectVisibleText(page(), 'What is a primary key?');
    await expectVisibleText(page(), /identifies each row uniquely/);
    expect(errors).toEqual([]);
  });

  it("never shows one learner's conversation to the next learner in the same tab", async () => {
    await signUp(page(), uniqueLearner());
    await page().goto('/study-agent');
    await page().getByLabel('Your question').fill('What is a foreign key?');
    await page().getByRole('button', { name: 'Ask' }).click();
    await expectVisibleText(page(), /not in your material/);
    await page().getByRole('button', { name: 'Logout' }).click();
    await page().waitForURL((url) => url.pathname === '/login');
    await signUp(page(), uniqueLearner());
    await page().goto('/study-agent');
    await expectVisibleText(page(), /I'm your study agent/);
    expect(await page().getByText('What is a foreign key?').count()).toBe(0);
  });

  it('says plainly when nothing in the notes answers the question', async () => {
    await signUp(page(), uniqueLearner());
    await page().goto('/study-agent');
    await page().getByLabel('Your question').fill('Who won the battle of Hastings?');
    await page().getByRole('button', { name: 'Ask' }).click();
    await expectVisibleText(page(), /couldn't find anything about that in your flashcards/);
  });

  it('lets the learner edit or remove each generated card in place, and Undo removes them all', async () => {
    await signUp(page(), uniqueLearner());
    await page().goto('/study-agent');
    await page().getByLabel('Text to turn into flashcards').fill(NOTES);
    await page().getByRole('button', { name: 'Generate 3 Flashcards' }).click();
    await expectVisibleText(page(), 'Generated 3 flashcards!');
    const list = page().getByRole('list', { name: 'Generated flashcards' });
    const deckTotal = () =>
      page().evaluate(async () => {
        const res = await fetch('/api/flashcards', {
          headers: { authorization: `Bearer ${localStorage.getItem('auth_token')}` },
        });
        return ((await res.json()) as { total: number; cards: { question: string }[] }).total;
      });

    const first = list.getByRole('listitem').first();
    await first.getByRole('button', { name: /^Edit / }).click();
    await first.getByLabel('Question').fill('Who proposed the relational model?');
    await first.getByRole('button', { name: 'Save' }).click();
    await expectVisibleText(page(), 'Flashcard updated');
    await list.getByText('Who proposed the relational model?').waitFor();

    await list
      .getByRole('listitem')
      .nth(1)
      .getByRole('button', { name: /^Remove / })
      .click();
    await expectVisibleText(page(), 'Flashcard removed');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    expect(await deckTotal()).toBe(2);

    await page().getByRole('button', { name: 'Undo' }).click();
    await expectVisibleText(page(), 'The generated flashcards were removed');
    expect(await deckTotal()).toBe(0);
  });
});
