import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../../test/helper';

const t = useTestApp();

type Deck = { id: string; name: string; cardCount: number; dueCount: number; newCount: number; isDefault: boolean };

const decksOf = async (token: string): Promise<Deck[]> => (await t.request('GET', '/api/decks', { token })).body;
const byName = (decks: Deck[], name: string) => decks.find((d) => d.name === name) as Deck;
const addCard = async (token: string, deckId?: string, question = 'Q?') =>
  (await t.request('POST', '/api/flashcards', { token, body: { question, answer: 'A', deckId } })).body;

describe('decks', () => {
  it('gives every learner "My Flashcards", where cards go when no deck is named', async () => {
    const { token } = await signUp(t);
    expect(await decksOf(token)).toEqual([
      { id: expect.any(String), name: 'My Flashcards', cardCount: 0, dueCount: 0, newCount: 0, isDefault: true },
    ]);
    const card = await addCard(token);
    const [deck] = await decksOf(token);
    expect(card.deckId).toBe(deck?.id);
    expect(deck).toMatchObject({ cardCount: 1, newCount: 1, dueCount: 0 });
  });

  it('creates nested decks, refuses a name taken (409), and counts a deck with the decks under it', async () => {
    const { token } = await signUp(t);
    const bio = await t.request('POST', '/api/decks', { token, body: { name: 'Biology' } });
    expect(bio.status).toBe(201);
    const cells = await t.request('POST', '/api/decks', { token, body: { name: ' Biology :: Cells ' } });
    expect(cells.body.name).toBe('Biology::Cells');
    const again = await t.request('POST', '/api/decks', { token, body: { name: 'Biology' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already have a deck called "Biology"/);
    expect((await t.request('POST', '/api/decks', { token, body: { name: 'Biology::' } })).status).toBe(400);

    await addCard(token, bio.body.id);
    await addCard(token, cells.body.id);
    const card = await addCard(token, cells.body.id);
    await t.request('PUT', `/api/flashcards/${card.id}/review`, { token, body: { rating: 1 } });
    const decks = await decksOf(token);
    expect(byName(decks, 'Biology')).toMatchObject({ cardCount: 3, newCount: 2 });
    expect(byName(decks, 'Biology::Cells')).toMatchObject({ cardCount: 2, newCount: 1 });

    const listed = (await t.request('GET', `/api/flashcards?deckId=${cells.body.id}`, { token })).body;
    expect(listed.total).toBe(2);
    expect(listed.cards.every((c: { deckId: string }) => c.deckId === cells.body.id)).toBe(true);
    const studied = (await t.request('GET', `/api/flashcards/study?deckId=${bio.body.id}`, { token })).body;
    expect(studied.cards).toHaveLength(3);
  });

  it('renames a deck with the decks nested under it, and refuses a clash', async () => {
    const { token } = await signUp(t);
    const bio = (await t.request('POST', '/api/decks', { token, body: { name: 'Biology' } })).body;
    await t.request('POST', '/api/decks', { token, body: { name: 'Biology::Cells' } });
    await t.request('POST', '/api/decks', { token, body: { name: 'Life' } });
    const clash = await t.request('PATCH', `/api/decks/${bio.id}`, { token, body: { name: 'Life' } });
    expect(clash.status).toBe(409);
    const renamed = await t.request('PATCH', `/api/decks/${bio.id}`, { token, body: { name: 'Bio' } });
    expect(renamed.status).toBe(200);
    expect((await decksOf(token)).map((d) => d.name)).toEqual(['Bio', 'Bio::Cells', 'Life', 'My Flashcards']);
    // A name that nests under a deck not there yet makes that deck too, as Anki does.
    await t.request('PATCH', `/api/decks/${bio.id}`, { token, body: { name: 'Science::Bio' } });
    await t.request('POST', '/api/decks', { token, body: { name: 'Art::Painting::Oil' } });
    expect((await decksOf(token)).map((d) => d.name)).toEqual([
      'Art',
      'Art::Painting',
      'Art::Painting::Oil',
      'Life',
      'My Flashcards',
      'Science',
      'Science::Bio',
      'Science::Bio::Cells',
    ]);
  });

  it('keeps a deck that holds cards unless told to delete or move them', async () => {
    const { token } = await signUp(t);
    const a = (await t.request('POST', '/api/decks', { token, body: { name: 'A' } })).body;
    const b = (await t.request('POST', '/api/decks', { token, body: { name: 'B' } })).body;
    const card = await addCard(token, a.id);
    const refused = await t.request('DELETE', `/api/decks/${a.id}`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/holds 1 card/);

    expect((await t.request('DELETE', `/api/decks/${a.id}?moveTo=${b.id}`, { token })).status).toBe(204);
    expect((await t.request('GET', `/api/flashcards/${card.id}`, { token })).body.deckId).toBe(b.id);

    expect((await t.request('DELETE', `/api/decks/${b.id}?cards=delete`, { token })).status).toBe(204);
    expect((await t.request('GET', `/api/flashcards/${card.id}`, { token })).status).toBe(404);

    const [mine] = await decksOf(token);
    const keep = await t.request('DELETE', `/api/decks/${mine?.id}`, { token });
    expect(keep.status).toBe(409);
    expect(keep.body.error).toMatch(/default deck/);
  });

  it("answers 404 for another learner's deck, wherever it is named", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const deck = (await t.request('POST', '/api/decks', { token: owner.token, body: { name: 'Mine' } })).body;
    const token = other.token;
    expect((await t.request('PATCH', `/api/decks/${deck.id}`, { token, body: { name: 'X' } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/decks/${deck.id}?cards=delete`, { token })).status).toBe(404);
    expect((await t.request('GET', `/api/flashcards?deckId=${deck.id}`, { token })).status).toBe(404);
    expect((await t.request('GET', `/api/flashcards/study?deckId=${deck.id}`, { token })).status).toBe(404);
    const put = await t.request('POST', '/api/flashcards', {
      token,
      body: { question: 'Q', answer: 'A', deckId: deck.id },
    });
    expect(put.status).toBe(404);
    expect(put.body.error).toBe('Deck not found');
    const mine = await addCard(token);
    const moved = await t.request('PATCH', `/api/flashcards/${mine.id}`, { token, body: { deckId: deck.id } });
    expect(moved.status).toBe(404);
  });
});
