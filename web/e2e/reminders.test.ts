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

  it('shows a reminder for due cards that goes away once marked read, also after a reload', async () => {
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
    await remindersCard().getByText('No pending reviews').waitFor();
    await page().reload();
    await remindersCard().getByText('No pending reviews').waitFor();
  });
});
