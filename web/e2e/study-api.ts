import type { Page } from 'playwright-core';

/**
 * Calls the api from inside the page with the signed-in learner's token: the quick way to give a
 * test its data without clicking through dialogs the test is not about.
 */
export async function callApi<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('auth_token') ?? ''}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
      return text ? JSON.parse(text) : undefined;
    },
    { method, path, body },
  );
}

export async function addCards(page: Page, cards: { question: string; answer: string }[]): Promise<void> {
  // One after another: the deck is ordered by due time, so creation order is study order.
  for (const card of cards) await callApi(page, 'POST', '/flashcards', card);
}

interface DeckCard {
  question: string;
  answer: string;
  reps: number;
  due: string;
}

export async function deckOf(page: Page): Promise<DeckCard[]> {
  return (await callApi<{ cards: DeckCard[] }>(page, 'GET', '/flashcards')).cards;
}
