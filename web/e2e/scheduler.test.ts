import { describe, expect, it } from 'vitest';
import { browserPerTest } from './browser-fixture';
import { signUp } from './flows';
import { uniqueLearner } from './harness';
import { addCards, callApi } from './study-api';

const { page } = browserPerTest();

describe('the Scheduler section and exam dates', () => {
  it('shows the forecast following the retention slider, keeps the choice, and says what optimising needs', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [
      { question: 'Q1', answer: 'A1' },
      { question: 'Q2', answer: 'A2' },
    ]);
    const deck = await callApi<{ cards: { id: string }[] }>(page(), 'GET', '/flashcards');
    for (const c of deck.cards) await callApi(page(), 'PUT', `/flashcards/${c.id}/review`, { rating: 4 });
    await page().goto('/progress-dashboard');
    const section = page().getByRole('region', { name: 'Scheduler' });
    await section.getByText('Desired retention: 90%').waitFor();
    await section.getByRole('img', { name: /at 90% desired retention/ }).waitFor();
    await section.getByText('Parameters in use: FSRS’s defaults.').waitFor();

    const slider = section.getByRole('slider');
    await slider.focus();
    for (let i = 0; i < 5; i++) await page().keyboard.press('ArrowRight');
    await section.getByText('Desired retention: 95%').waitFor();
    await section.getByRole('img', { name: /at 95% desired retention/ }).waitFor();
    await section.getByText(/At 95% you would review [\d.]+× as much as at 90%/).waitFor();
    await section.getByRole('button', { name: 'Use 95%' }).click();
    await expect
      .poll(async () => (await callApi<{ desiredRetention: number }>(page(), 'GET', '/me/settings')).desiredRetention)
      .toBe(0.95);

    await section.getByRole('button', { name: 'Optimize my schedule' }).click();
    await section
      .getByRole('status')
      .getByText(/more are needed/)
      .waitFor();
  });

  it('sets a deck’s exam date from the Flashcards screen and shows the predicted retention', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [{ question: 'Femur', answer: 'Thigh bone' }]);
    await page().goto('/flashcards');
    // An exam belongs to a deck: the button appears once one is chosen.
    const picker = page().getByLabel('Deck', { exact: true });
    const option = await picker.locator('option', { hasText: 'My Flashcards' }).textContent();
    await picker.selectOption({ label: option ?? '' });
    await page().getByRole('button', { name: 'Exam date' }).click();
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await page().getByLabel('Exam day').fill(day);
    await page().getByRole('button', { name: 'Save' }).click();
    await page()
      .getByRole('button', { name: /^Exam .*predicted$/ })
      .waitFor();
  });

  it('shows a deck’s exam on its day of the planner’s week', async () => {
    await signUp(page(), uniqueLearner());
    const deck = await callApi<{ id: string }>(page(), 'POST', '/decks', { name: 'Chemistry' });
    const tomorrow = new Date(Date.now() + 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const key = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`;
    await callApi(page(), 'PATCH', `/decks/${deck.id}`, { examDate: key });
    await page().goto('/study-planner');
    await page().getByText('No sessions').first().waitFor();
    const day = page().locator(`section[data-day="${key}"]`);
    // Tomorrow may be next week.
    if ((await day.count()) === 0) await page().getByRole('button', { name: 'Next week' }).click();
    await day.getByText('Exam: Chemistry').waitFor();
  });
});
