import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../../test/helper';

const t = useTestApp();

type Found = { id: string; question: string; deckName: string; suspended: boolean; lapses: number };

async function learnerWithCards(questions: string[]) {
  const { token } = await signUp(t);
  const ids: string[] = [];
  for (const question of questions) {
    ids.push(
      (await t.request('POST', '/api/flashcards', { token, body: { question, answer: `About ${question}` } })).body.id,
    );
  }
  return { token, ids };
}

const search = async (token: string, query: string) =>
  (await t.request('GET', `/api/flashcards/search?${query}`, { token })).body as {
    cards: Found[];
    nextCursor: string | null;
  };

describe('card browser', () => {
  it('finds cards by words of either side, a word prefix too, and never another learner’s', async () => {
    const { token } = await learnerWithCards([
      'What do mitochondria make?',
      'Capital of France?',
      'Photosynthesis needs?',
    ]);
    await learnerWithCards(['Mitochondria of another learner?']);
    expect((await search(token, 'q=mitochondria')).cards.map((c) => c.question)).toEqual([
      'What do mitochondria make?',
    ]);
    expect((await search(token, 'q=MITO')).cards).toHaveLength(1);
    // "About Capital of France?" is the answer: both sides are searched.
    expect((await search(token, 'q=about%20france')).cards.map((c) => c.question)).toEqual(['Capital of France?']);
    expect((await search(token, 'q=zebra')).cards).toEqual([]);
    expect((await search(token, '')).cards).toHaveLength(3);
  });

  it('filters by deck, state and due, and sorts by lapses and creation', async () => {
    const { token, ids } = await learnerWithCards(['one', 'two', 'three']);
    const deck = (await t.request('POST', '/api/decks', { token, body: { name: 'Other' } })).body;
    await t.request('PATCH', `/api/flashcards/${ids[2]}`, { token, body: { deckId: deck.id } });
    // Again on new "two": a learning card, due again in minutes.
    await t.request('PUT', `/api/flashcards/${ids[1]}/review`, { token, body: { rating: 1 } });

    expect((await search(token, `deckId=${deck.id}`)).cards.map((c) => c.question)).toEqual(['three']);
    expect((await search(token, 'state=new')).cards.map((c) => c.question).sort()).toEqual(['one', 'three']);
    expect((await search(token, 'state=learning')).cards.map((c) => c.question)).toEqual(['two']);
    expect((await search(token, 'due=today')).cards.map((c) => c.question)).toEqual(['two']);
    expect((await search(token, 'due=overdue')).cards).toEqual([]);
    expect((await search(token, 'sort=created')).cards.map((c) => c.question)).toEqual(['three', 'two', 'one']);
    const bad = await t.request('GET', '/api/flashcards/search?sort=size&state=gone', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/sort is due, created or lapses|state is one of/);
  });

  it('pages with a cursor until every card was seen once', async () => {
    const { token, ids } = await learnerWithCards(Array.from({ length: 7 }, (_, i) => `card ${i}`));
    for (const sort of ['due', 'created', 'lapses']) {
      const seen: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const page = await search(token, `sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.cards.map((c) => c.id));
        cursor = page.nextCursor;
      }
      expect(seen.sort()).toEqual([...ids].sort());
    }
    const page = await search(token, 'sort=due&limit=3');
    const misread = await t.request('GET', `/api/flashcards/search?sort=lapses&cursor=${page.nextCursor}`, { token });
    expect(misread.status).toBe(400);
  });
});

describe('bulk changes', () => {
  it('suspends cards so they are never due nor studied, until unsuspended', async () => {
    const { token, ids } = await learnerWithCards(['a', 'b']);
    const res = await t.request('POST', '/api/flashcards/bulk', { token, body: { ids, action: 'suspend' } });
    expect(res.body).toEqual({ changed: 2 });
    expect((await t.request('GET', '/api/flashcards/study', { token })).body.cards).toEqual([]);
    expect((await search(token, 'state=suspended')).cards).toHaveLength(2);
    expect((await search(token, 'state=new')).cards).toHaveLength(0);
    const [deck] = (await t.request('GET', '/api/decks', { token })).body;
    expect(deck).toMatchObject({ cardCount: 2, newCount: 0, dueCount: 0 });
    const review = await t.request('PUT', `/api/flashcards/${ids[0]}/review`, { token, body: { rating: 3 } });
    expect(review.status).toBe(409);
    expect(review.body.error).toMatch(/suspended/);

    await t.request('POST', '/api/flashcards/bulk', { token, body: { ids: [ids[0]], action: 'unsuspend' } });
    expect((await t.request('GET', '/api/flashcards/study', { token })).body.cards).toHaveLength(1);
  });

  it('moves and deletes, all or nothing: one card not the learner’s and nothing changes (404)', async () => {
    const { token, ids } = await learnerWithCards(['a', 'b', 'c']);
    const stranger = await learnerWithCards(['theirs']);
    const deck = (await t.request('POST', '/api/decks', { token, body: { name: 'Moved' } })).body;

    const mixed = await t.request('POST', '/api/flashcards/bulk', {
      token,
      body: { ids: [...ids, ...stranger.ids], action: 'delete' },
    });
    expect(mixed.status).toBe(404);
    expect(mixed.body.error).toBe('1 of these cards was not found; nothing was changed');
    expect((await search(token, '')).cards).toHaveLength(3);

    const theirDeck = (await t.request('GET', '/api/decks', { token: stranger.token })).body[0].id;
    const intoTheirs = await t.request('POST', '/api/flashcards/bulk', {
      token,
      body: { ids, action: 'move', deckId: theirDeck },
    });
    expect(intoTheirs.status).toBe(404);
    const noDeck = await t.request('POST', '/api/flashcards/bulk', { token, body: { ids, action: 'move' } });
    expect(noDeck.status).toBe(400);
    expect(noDeck.body.error).toMatch(/deck to move the cards to/);

    await t.request('POST', '/api/flashcards/bulk', {
      token,
      body: { ids: ids.slice(0, 2), action: 'move', deckId: deck.id },
    });
    expect((await search(token, `deckId=${deck.id}`)).cards).toHaveLength(2);
    await t.request('POST', '/api/flashcards/bulk', { token, body: { ids, action: 'delete' } });
    expect((await search(token, '')).cards).toEqual([]);
  });

  it('takes at most 1,000 cards at once', async () => {
    const { token } = await learnerWithCards([]);
    const ids = Array.from({ length: 1001 }, () => crypto.randomUUID());
    const res = await t.request('POST', '/api/flashcards/bulk', { token, body: { ids, action: 'suspend' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('At most 1,000 cards at once');
  });
});

describe('one card’s review history', () => {
  it('lists its reviews newest first, each with its rating, time and the wait it set; another learner’s card 404', async () => {
    const { token, ids } = await learnerWithCards(['History?']);
    const id = ids[0] as string;
    for (const [rating, durationMs] of [
      [3, 4_000],
      [1, 9_000],
    ] as const)
      await t.request('PUT', `/api/flashcards/${id}/review`, { token, body: { rating, durationMs } });
    const res = await t.request('GET', `/api/flashcards/${id}/reviews`, { token });
    expect(res.status).toBe(200);
    const { reviews, total } = res.body as {
      total: number;
      reviews: { rating: number; durationMs: number; reviewedAt: string; nextDue: string }[];
    };
    expect(total).toBe(2);
    expect(reviews.map((r) => [r.rating, r.durationMs])).toEqual([
      [1, 9_000],
      [3, 4_000],
    ]);
    const card = (await t.request('GET', `/api/flashcards/${id}`, { token })).body;
    // The latest review set the card's due; Remembered on a new card set its 10-minute step.
    expect(reviews[0]?.nextDue).toBe(card.due);
    const step = Date.parse(reviews[1]?.nextDue ?? '') - Date.parse(reviews[1]?.reviewedAt ?? '');
    expect(Math.round(step / 60_000)).toBe(10);

    const other = await signUp(t);
    expect(await t.request('GET', `/api/flashcards/${id}/reviews`, { token: other.token })).toMatchObject({
      status: 404,
      body: { error: 'Flashcard not found' },
    });
    expect((await t.request('GET', `/api/flashcards/${id}/reviews`)).status).toBe(401);
  });
});
