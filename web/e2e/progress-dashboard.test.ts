import { describe, expect, it } from 'vitest';
import { browserPerTest } from './browser-fixture';
import { signUp } from './flows';
import { uniqueLearner } from './harness';
import { addCards, callApi } from './study-api';

const { page } = browserPerTest();

const card = (name: string) => page().getByRole('region', { name });

describe('home and progress on the learner’s own data', () => {
  it('a new learner sees honest empty states, not zeros dressed up as progress', async () => {
    await signUp(page(), uniqueLearner());
    await card('Weekly Goal').getByText('0 of 300 min studied this week').waitFor();
    await card("Today's Snapshot")
      .getByText(/Nothing studied yet today/)
      .waitFor();
    await card('Recent Activity')
      .getByText(/No activity yet/)
      .waitFor();
    await card('AI Motivation Coach')
      .getByText(/Start small/)
      .waitFor();

    await page().goto('/progress-dashboard');
    await card('Topics Mastered vs Pending')
      .getByText(/No cards yet/)
      .waitFor();
    await card('Study Streak')
      .getByText(/No streak yet/)
      .waitFor();
    for (const badge of ['3-Day Streak', '100 Flashcards Reviewed', 'First Week Champion']) {
      await page().locator('[data-earned="false"]', { hasText: badge }).waitFor();
    }
    expect(await page().locator('[data-earned="true"]').count()).toBe(0);
  });

  it('shows the new figures after reviewing cards and completing a session', async () => {
    await signUp(page(), uniqueLearner());
    await addCards(page(), [
      { question: 'Q1', answer: 'A1' },
      { question: 'Q2', answer: 'A2' },
    ]);
    const deck = await callApi<{ cards: { id: string }[] }>(page(), 'GET', '/flashcards');
    for (const c of deck.cards)
      await callApi(page(), 'PUT', `/flashcards/${c.id}/review`, { remembered: true, durationMs: 30_000 });
    const session = await callApi<{ id: string }>(page(), 'POST', '/study-planner/sessions', {
      title: 'Read chapter 2',
      subject: 'History',
      duration: 45,
      // Now, not an hour ago: run just after midnight, an hour ago was yesterday's study.
      scheduledAt: new Date().toISOString(),
    });
    await callApi(page(), 'PATCH', `/study-planner/sessions/${session.id}`, { completed: true });

    await page().reload();
    // 2 × 30 s on cards + a 45-minute session = 46 minutes.
    await card('Weekly Goal').getByText('46 of 300 min studied this week').waitFor();
    const snapshot = card("Today's Snapshot");
    await snapshot.getByText('46 min').waitFor();
    expect(await snapshot.getByRole('definition').nth(1).textContent()).toContain('2');
    await card('Recent Activity').getByText('Completed Read chapter 2 (45 min)').waitFor();
    await card('Recent Activity').getByText('Reviewed 2 flashcards').waitFor();

    await page().goto('/progress-dashboard');
    await page().getByRole('img', { name: 'Weekly goal reached: 15%' }).waitFor();
    await card('Study Streak')
      .getByText(/1 day in a row/)
      .waitFor();
    await page()
      .getByRole('img', { name: /My Flashcards: 0 mastered, 2 pending/ })
      .waitFor();
    const firstCard = page().locator('[data-earned="true"]', { hasText: 'First Flashcard' });
    await firstCard.getByText(/^Earned /).waitFor();

    await page().getByLabel('Weekly goal (minutes)').fill('60');
    await page().getByRole('button', { name: 'Set goal' }).click();
    await page().getByText('Weekly goal saved').waitFor();
    await page().getByRole('img', { name: 'Weekly goal reached: 76%' }).waitFor();
  });

  it('a test taken today is today’s study, not "Nothing studied yet today"', async () => {
    await signUp(page(), uniqueLearner());
    const text =
      'The Amazon River flows through Brazil, Peru and Colombia. It carries more water than any other river. ' +
      'Manaus is the largest city on its banks. The river was named by Francisco de Orellana in 1542.';
    const test = await callApi<{ id: string }>(page(), 'POST', '/knowledge-tests', {
      name: 'Rivers',
      text,
      requested: 1,
    });
    await callApi(page(), 'POST', `/knowledge-tests/${test.id}/submit`, { answers: [] });
    await page().reload();
    const snapshot = card("Today's Snapshot");
    await snapshot.getByText('Tests taken').waitFor();
    expect(await snapshot.getByText(/Nothing studied yet today/).count()).toBe(0);
    await card('Recent Activity')
      .getByText(/on Rivers/)
      .waitFor();
  });
});
