import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { learnersPerFile } from './browser-fixture';
import { expectVisibleText } from './flows';
import { callApi } from './study-api';

// Two learners in two browser profiles play a whole live quiz.
const { learnerPage: inTheme } = learnersPerFile();

const CARDS = [
  { question: 'Capital of France?', answer: 'Paris' },
  { question: 'Capital of Italy?', answer: 'Rome' },
  { question: 'Capital of Spain?', answer: 'Madrid' },
  { question: 'Capital of Germany?', answer: 'Berlin' },
];

const learnerPage = (theme: 'light' | 'dark') => inTheme({ theme });

async function seriousViolations(p: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page: p }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The current question's prompt, and the choice button that answers it. */
async function question(room: Locator) {
  const prompt =
    (await room
      .getByText(/^Capital of /)
      .first()
      .textContent()) ?? '';
  const answer = CARDS.find((c) => c.question === prompt.trim())?.answer ?? '';
  const choices = room.getByRole('list', { name: 'Choices' }).getByRole('button');
  const names = await choices.allTextContents();
  const correct = names.findIndex((n) => n.includes(answer));
  return { prompt, answer, correct };
}

describe('live quiz', () => {
  it('plays a whole game between two browsers', async () => {
    const host = await learnerPage('light');
    const guest = await learnerPage('dark');
    const title = `Capitals ${Date.now()}`;
    const room = await callApi<{ id: string }>(host, 'POST', '/group-learning/rooms', { title, topic: 'Geography' });
    for (const card of CARDS) await callApi(host, 'POST', `/group-learning/${room.id}/flashcards/add`, card);
    await callApi(guest, 'POST', `/group-learning/${room.id}/join`, {});

    await host.goto(`/group-learning/${room.id}`);
    const hostRoom = host.getByRole('dialog', { name: title });
    await hostRoom.waitFor();
    await guest.goto('/group-learning');
    const guestTile = guest.getByRole('listitem').filter({ hasText: title });
    await guestTile.waitFor();

    await hostRoom.getByLabel('Seconds per question').fill('60');
    await hostRoom.getByLabel('Number of questions').fill('2');
    await hostRoom.getByRole('button', { name: 'Start Live Quiz' }).click();
    // The guest's grid shows the game without a reload; entering joins it mid-question.
    await guestTile.getByText('Live quiz in progress').waitFor({ timeout: 3000 });
    await guestTile.getByRole('button', { name: 'Enter' }).click();
    const guestRoom = guest.getByRole('dialog', { name: title });
    await guestRoom.getByRole('list', { name: 'Choices' }).waitFor();
    await hostRoom.getByRole('list', { name: 'Choices' }).waitFor();
    expect(await seriousViolations(guest)).toEqual([]);
    expect(await seriousViolations(host)).toEqual([]);

    // Question 1: the guest is right (clicking), the host wrong (key 1–4).
    const q1 = await question(guestRoom);
    expect(q1.correct).toBeGreaterThanOrEqual(0);
    // Nothing on a player's screen gives the answer away before the reveal: the room's own deck
    // (which holds these very cards) is hidden, and the answer appears only among the choices.
    for (const [page, dialog] of [
      [guest, guestRoom],
      [host, hostRoom],
    ] as const) {
      expect(await page.getByRole('region', { name: 'Room flashcards' }).count()).toBe(0);
      await dialog.getByText("The room's cards are hidden while the quiz runs").waitFor();
      // innerText, not textContent: what is rendered on screen is what must not give the answer away.
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point here
      const choices = await dialog.getByRole('list', { name: 'Choices' }).innerText();
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point here
      const outsideChoices = (await page.locator('body').innerText()).replace(choices, '');
      expect(outsideChoices).not.toContain(q1.answer);
    }
    // A click beside the dialog or Escape mid-quiz asks first; declining keeps the room open.
    guest.once('dialog', (d) => {
      expect(d.message()).toBe('A live quiz is running in this room. Close the room anyway?');
      void d.dismiss();
    });
    await guest.keyboard.press('Escape');
    await guestRoom.getByRole('list', { name: 'Choices' }).waitFor();
    await guestRoom.getByRole('list', { name: 'Choices' }).getByRole('button').nth(q1.correct).click();
    await guestRoom.getByText('Answer locked in').waitFor();
    // The guest entered after the question opened: only the host was expected to answer it.
    await hostRoom.getByText('1 of 1 answered').waitFor();
    await host.keyboard.press(String(((q1.correct + 1) % 4) + 1));
    // Both have answered: the reveal comes at once.
    await guestRoom.getByText('Correct!', { exact: true }).waitFor();
    await hostRoom.getByText('Not quite', { exact: true }).waitFor();
    // Screen readers hear the result through the polite live region.
    expect(await guestRoom.getByRole('status').textContent()).toMatch(/^Correct! The answer is /);
    await guestRoom.getByText(`Answer: ${q1.answer}`).waitFor();
    await guestRoom.getByRole('heading', { name: 'Leaderboard' }).waitFor();
    expect(await guestRoom.getByText(/^Your points: \+\d+/).textContent()).toMatch(
      /\+(5\d\d|6\d\d|7\d\d|8\d\d|9\d\d|1000)$/,
    );
    expect(await seriousViolations(guest)).toEqual([]);
    expect(await seriousViolations(host)).toEqual([]);

    // Question 2: both are expected now; nobody answers, and the host closes it.
    await hostRoom.getByRole('button', { name: 'Next Question' }).click();
    await guestRoom.getByText('Question 2 of 2', { exact: true }).waitFor();
    await hostRoom.getByText('0 of 2 answered').waitFor();
    await hostRoom.getByRole('button', { name: 'Next Question' }).click();
    await guestRoom.getByText('Time is up', { exact: true }).waitFor();
    await hostRoom.getByRole('button', { name: /Next Question/ }).click();

    await guestRoom.getByRole('heading', { name: 'Final Results' }).waitFor();
    await hostRoom.getByRole('heading', { name: 'Final Results' }).waitFor();
    // The game over, the room's deck is back.
    await guestRoom.getByRole('region', { name: 'Room flashcards' }).waitFor();
    await guestRoom.getByRole('list', { name: 'Podium' }).waitFor();
    // Only those who scored stand on the podium: the host's 0 points earn no place.
    expect(await guestRoom.getByRole('list', { name: 'Podium' }).getByRole('listitem').count()).toBe(1);
    expect(await seriousViolations(guest)).toEqual([]);
    expect(await seriousViolations(host)).toEqual([]);
    await guestRoom.getByRole('button', { name: 'Add my misses to Flashcards' }).click();
    await expectVisibleText(guest, 'Added 1 card to Flashcards');
    const deck = await callApi<{ cards: { question: string }[] }>(guest, 'GET', '/flashcards');
    expect(deck.cards.map((c) => c.question)).toHaveLength(1);

    // The game is listed in the room once closed.
    await hostRoom.getByRole('button', { name: 'Close Results' }).click();
    await hostRoom.getByRole('heading', { name: 'Past games' }).waitFor();
    await host.context().close();
    await guest.context().close();
  });

  it('says before it is pressed that a quiz needs 4 cards', async () => {
    const host = await learnerPage('light');
    const title = `Few cards ${Date.now()}`;
    const room = await callApi<{ id: string }>(host, 'POST', '/group-learning/rooms', { title, topic: 'Geography' });
    for (const card of CARDS.slice(0, 2))
      await callApi(host, 'POST', `/group-learning/${room.id}/flashcards/add`, card);
    await host.goto(`/group-learning/${room.id}`);
    const dialog = host.getByRole('dialog', { name: title });
    await dialog.getByText('Add at least 4 cards to play (this room has 2).').waitFor();
    expect(await dialog.getByRole('button', { name: 'Start Live Quiz' }).isDisabled()).toBe(true);
    await host.context().close();
  });
});
