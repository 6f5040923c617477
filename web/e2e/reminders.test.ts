import { describe, expect, it } from 'vitest';
import { browserPerTest } from './browser-fixture';
import { signUp } from './flows';
import { uniqueLearner } from './harness';
import { addCards } from './study-api';

const { page } = browserPerTest();

const remindersCard = () => page().getByRole('region', { name: 'Spaced Repetition Reminders' });

describe('spaced repetition reminders on home', () => {
  it('says "No pending reviews" to a learner with nothing due', async () => {
    await signUp(page(), uniqueLearner());
    await remindersCard().getByText('No pending reviews').waitFor();
  });

  it('shows a reminder for due cards that goes away once marked read, while the due count and "Review now" stay', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [
      { question: 'Capital of Peru?', answer: 'Lima' },
      { question: 'Capital of Chile?', answer: 'Santiago' },
    ]);
    await page().reload();
    const reminder = remindersCard().getByRole('listitem').filter({ hasText: '2 cards are due for review' });
    await reminder.waitFor();
    expect(await reminder.getByText('Time to review').isVisible()).toBe(true);

    await reminder.getByRole('button', { name: 'Mark read: Time to review' }).click();
    await reminder.waitFor({ state: 'detached' });
    // The reminder is read, but the cards are still due: the card must not say "No pending reviews".
    await page().reload();
    await remindersCard().getByText('2 flashcards are due for review.').waitFor();
    expect(await remindersCard().getByText('No pending reviews').count()).toBe(0);
    await remindersCard().getByRole('link', { name: 'Review now' }).click();
    await page().waitForURL((url) => url.pathname === '/flashcards');
  });

  it('offers no "Review now" when nothing is due', async () => {
    await signUp(page(), uniqueLearner());
    await remindersCard().getByText('No pending reviews').waitFor();
    expect(await remindersCard().getByRole('link', { name: 'Review now' }).count()).toBe(0);
  });
});
