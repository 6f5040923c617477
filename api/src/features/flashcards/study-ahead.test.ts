import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../../test/helper';

const t = useTestApp();

async function learnerWithReviewedCard() {
  const learner = await signUp(t);
  const { token } = learner;
  const card = (await t.request('POST', '/api/flashcards', { token, body: { question: 'Ahead?', answer: 'Yes' } }))
    .body;
  // Easy on a new card: it leaves for days, so it is not due.
  const reviewed = (await t.request('PUT', `/api/flashcards/${card.id}/review`, { token, body: { rating: 4 } })).body;
  return { token, card: reviewed };
}

describe('study ahead', () => {
  it('offers the cards not due yet, and practising one moves no schedule but counts as study time', async () => {
    const { token, card } = await learnerWithReviewedCard();
    const ahead = (await t.request('GET', '/api/flashcards/ahead', { token })).body;
    expect(ahead.cards.map((c: { id: string }) => c.id)).toEqual([card.id]);
    const before = (await t.request('GET', '/api/dashboard/overview', { token })).body.weeklyMinutes;

    const res = await t.request('POST', `/api/flashcards/${card.id}/practice`, {
      token,
      body: { remembered: true, durationMs: 120_000 },
    });
    expect(res.status).toBe(201);
    const after = (await t.request('GET', `/api/flashcards/${card.id}`, { token })).body;
    expect({ due: after.due, reps: after.reps, lapses: after.lapses }).toEqual({
      due: card.due,
      reps: card.reps,
      lapses: card.lapses,
    });
    // Capped at a minute, as a review is: an idle tab is not study.
    const minutes = (await t.request('GET', '/api/dashboard/overview', { token })).body.weeklyMinutes;
    expect(minutes - before).toBe(1);
  });

  it("answers 404 for another learner's card and 400 without a rating", async () => {
    const mine = await learnerWithReviewedCard();
    const other = await signUp(t);
    const stranger = await t.request('POST', `/api/flashcards/${mine.card.id}/practice`, {
      token: other.token,
      body: { remembered: true },
    });
    expect(stranger).toMatchObject({ status: 404, body: { error: 'Flashcard not found' } });
    const empty = await t.request('POST', `/api/flashcards/${mine.card.id}/practice`, { token: mine.token, body: {} });
    expect(empty.status).toBe(400);
  });

  it('goes through the chosen deck only, and never a suspended card', async () => {
    const { token, card } = await learnerWithReviewedCard();
    const deck = (await t.request('POST', '/api/decks', { token, body: { name: 'Other' } })).body;
    const other = (
      await t.request('POST', '/api/flashcards', { token, body: { question: 'Q', answer: 'A', deckId: deck.id } })
    ).body;
    await t.request('PUT', `/api/flashcards/${other.id}/review`, { token, body: { rating: 4 } });
    const ids = async (query: string) =>
      (await t.request('GET', `/api/flashcards/ahead${query}`, { token })).body.cards.map((c: { id: string }) => c.id);
    expect(await ids(`?deckId=${deck.id}`)).toEqual([other.id]);
    expect((await ids('')).sort()).toEqual([card.id, other.id].sort());

    await t.request('POST', '/api/flashcards/bulk', { token, body: { ids: [other.id], action: 'suspend' } });
    expect(await ids('')).toEqual([card.id]);
    const practice = await t.request('POST', `/api/flashcards/${other.id}/practice`, { token, body: { rating: 3 } });
    expect(practice.status).toBe(409);
  });
});
