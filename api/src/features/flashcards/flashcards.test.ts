import { flashcardReviews } from '@learnboost/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../../test/helper';

const t = useTestApp();

const create = (question: string, answer: string, as = t.learner.token) =>
  t.request('POST', '/api/flashcards', { token: as, body: { question, answer } });

describe('creating flashcards', () => {
  it('answers 201 with the new card, due now and new', async () => {
    const before = Date.now();
    const res = await create('What is 2+2?', '4');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      question: 'What is 2+2?',
      answer: '4',
      state: 'new',
      reps: 0,
      lapses: 0,
      lastReviewedAt: null,
    });
    expect(Date.parse(res.body.due)).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each([
    ['no answer', { question: 'Q' }, 'Please fill in both question and answer'],
    ['a blank question', { question: '  ', answer: 'A' }, 'Please fill in both question and answer'],
    ['a blank answer', { question: 'Q', answer: '\n\t' }, 'Please fill in both question and answer'],
    [
      'a 2,001-character question',
      { question: 'Q'.repeat(2001), answer: 'A' },
      'Question must be at most 2,000 characters',
    ],
    [
      'a 2,001-character answer',
      { question: 'Q', answer: 'A'.repeat(2001) },
      'Answer must be at most 2,000 characters',
    ],
  ])('refuses %s with 400', async (_label, body, error) => {
    const res = await t.request('POST', '/api/flashcards', { token: t.learner.token, body });
    expect(res).toMatchObject({ status: 400, body: { error } });
  });

  it('keeps text exactly as typed, markup and spaces included', async () => {
    const res = await create('<script>alert(1)</script> &amp;', '  x  ');
    expect(res.body).toMatchObject({ question: '<script>alert(1)</script> &amp;', answer: '  x  ' });
  });

  it('answers a 2 MB body with 413 and stores nothing', async () => {
    const learner = await signUp(t);
    const res = await t.request('POST', '/api/flashcards', {
      token: learner.token,
      raw: JSON.stringify({ question: 'q'.repeat(2 * 1024 * 1024), answer: 'a' }),
    });
    expect(res).toMatchObject({ status: 413, body: { error: 'Request body is too large' } });
    expect((await t.request('GET', '/api/flashcards', { token: learner.token })).body.total).toBe(0);
  });

  it('needs a token', async () => {
    expect((await t.request('GET', '/api/flashcards')).status).toBe(401);
    expect((await t.request('POST', '/api/flashcards', { body: { question: 'q', answer: 'a' } })).status).toBe(401);
  });
});

describe('reviewing', () => {
  it('schedules remembered with FSRS and says when the card comes back', async () => {
    const card = (await create('Capital of France?', 'Paris')).body;
    const now = Date.now();
    const res = await t.request('PUT', `/api/flashcards/${card.id}/review`, {
      token: t.learner.token,
      body: { remembered: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: card.id, state: 'learning', reps: 1 });
    // FSRS's second learning step: ten minutes.
    expect(Date.parse(res.body.due) - now).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(res.body.due) - now).toBeLessThan(11 * 60_000);
  });

  it('brings a forgotten card back within minutes, an easy one after days', async () => {
    const forgotten = (await create('F1', 'A')).body;
    const easy = (await create('E1', 'A')).body;
    const again = await t.request('PUT', `/api/flashcards/${forgotten.id}/review`, {
      token: t.learner.token,
      body: { remembered: false },
    });
    const easier = await t.request('PUT', `/api/flashcards/${easy.id}/review`, {
      token: t.learner.token,
      body: { rating: 4 },
    });
    expect(Date.parse(again.body.due) - Date.now()).toBeLessThan(2 * 60_000);
    expect(easier.body.state).toBe('review');
    expect(easier.body.scheduledDays).toBeGreaterThanOrEqual(1);
  });

  it('logs each review with what undo needs, the time on card capped at a minute', async () => {
    const card = (await create('Logged', 'A')).body;
    await t.request('PUT', `/api/flashcards/${card.id}/review`, {
      token: t.learner.token,
      body: { remembered: true, durationMs: 3_600_000 },
    });
    const rows = await t.db.db.select().from(flashcardReviews).where(eq(flashcardReviews.cardId, card.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 3, state: 0, stateAfter: 1, durationMs: 60_000 });
  });

  it('lands both ratings when two tabs rate one card at the same moment', async () => {
    const card = (await create('Two tabs', 'A')).body;
    const both = await Promise.all(
      [true, false].map((remembered) =>
        t.request('PUT', `/api/flashcards/${card.id}/review`, { token: t.learner.token, body: { remembered } }),
      ),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const logs = await t.db.db.select().from(flashcardReviews).where(eq(flashcardReviews.cardId, card.id));
    expect(logs).toHaveLength(2);
    expect((await t.request('GET', `/api/flashcards/${card.id}`, { token: t.learner.token })).body.reps).toBe(2);
  });

  it.each([[{}], [{ remembered: 'yes' }], [{ rating: 5 }], [{ rating: 0 }]])(
    'refuses the review body %j',
    async (body) => {
      const card = (await create('Bad review', 'A')).body;
      const res = await t.request('PUT', `/api/flashcards/${card.id}/review`, { token: t.learner.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    },
  );

  it('undoes the last review exactly, and says so when there is nothing to undo', async () => {
    const card = (await create('Undo me', 'A')).body;
    const first = (
      await t.request('PUT', `/api/flashcards/${card.id}/review`, { token: t.learner.token, body: { rating: 4 } })
    ).body;
    await t.request('PUT', `/api/flashcards/${card.id}/review`, {
      token: t.learner.token,
      body: { remembered: false },
    });
    const undone = await t.request('POST', `/api/flashcards/${card.id}/undo`, { token: t.learner.token });
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual(first);
    const again = await t.request('POST', `/api/flashcards/${card.id}/undo`, { token: t.learner.token });
    expect(again.body).toEqual(card);
    const nothing = await t.request('POST', `/api/flashcards/${card.id}/undo`, { token: t.learner.token });
    expect(nothing).toMatchObject({ status: 409, body: { error: 'Nothing to undo: this card has no review' } });
  });
});

describe('the deck', () => {
  it('lists due cards first, then by due date', async () => {
    const learner = await signUp(t);
    const ids: string[] = [];
    for (const q of ['one', 'two', 'three']) ids.push((await create(q, 'a', learner.token)).body.id);
    await t.request('PUT', `/api/flashcards/${ids[0]}/review`, { token: learner.token, body: { rating: 4 } });
    const deck = await t.request('GET', '/api/flashcards', { token: learner.token });
    expect(deck.body.cards.map((c: { id: string }) => c.id)).toEqual([ids[1], ids[2], ids[0]]);
    expect(deck.body).toMatchObject({ total: 3, dueCount: 2, nextCursor: null });
  });

  it('pages through a large deck with limit and cursor, every card once', async () => {
    const learner = await signUp(t);
    for (let i = 0; i < 25; i++) await create(`card ${i}`, 'a', learner.token);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=10&cursor=${cursor}` : '?limit=10';
      const page = await t.request('GET', `/api/flashcards${query}`, { token: learner.token });
      expect(page.body.cards.length).toBeLessThanOrEqual(10);
      seen.push(...page.body.cards.map((c: { id: string }) => c.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });

  it.each([['?limit=0'], ['?limit=1001'], ['?limit=abc'], ['?cursor=not-a-cursor']])(
    'refuses %s with 400',
    async (q) => {
      const res = await t.request('GET', `/api/flashcards${q}`, { token: t.learner.token });
      expect(res.status).toBe(400);
    },
  );

  it('edits and deletes a card', async () => {
    const card = (await create('Old question', 'Old answer')).body;
    const edited = await t.request('PATCH', `/api/flashcards/${card.id}`, {
      token: t.learner.token,
      body: { answer: 'New answer' },
    });
    expect(edited.body).toMatchObject({ question: 'Old question', answer: 'New answer' });
    expect((await t.request('DELETE', `/api/flashcards/${card.id}`, { token: t.learner.token })).status).toBe(204);
    expect((await t.request('GET', `/api/flashcards/${card.id}`, { token: t.learner.token })).status).toBe(404);
  });
});

describe('another learner’s cards', () => {
  it('are never listed, and every action on them answers 404', async () => {
    const mine = (await create('Private', 'secret')).body;
    const other = await signUp(t);
    const list = await t.request('GET', '/api/flashcards', { token: other.token });
    expect(list.body.cards).toEqual([]);
    for (const [method, path, body] of [
      ['GET', `/api/flashcards/${mine.id}`],
      ['PATCH', `/api/flashcards/${mine.id}`, { question: 'hijacked' }],
      ['PUT', `/api/flashcards/${mine.id}/review`, { remembered: true }],
      ['POST', `/api/flashcards/${mine.id}/undo`],
      ['DELETE', `/api/flashcards/${mine.id}`],
    ] as const) {
      const res = await t.request(method, path, { token: other.token, body });
      expect(res).toMatchObject({ status: 404, body: { error: 'Flashcard not found' } });
    }
    expect((await t.request('GET', `/api/flashcards/${mine.id}`, { token: t.learner.token })).body).toEqual(mine);
  });

  it('answers 404 for an id that is not an id', async () => {
    expect((await t.request('GET', '/api/flashcards/123', { token: t.learner.token })).status).toBe(404);
  });
});
