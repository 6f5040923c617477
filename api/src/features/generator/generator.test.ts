import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../../test/helper';

const TEXT = `A relational database stores data in tables made of rows and columns. The relational model was proposed by Edgar F. Codd in 1970.
Every table has a primary key, a column whose value identifies each row uniquely. A foreign key is a column that refers to the primary key of another table.
SQL is the language used to query relational databases. An index is a separate data structure that lets the database find rows quickly.`;

const t = useTestApp({ AI_PROVIDER: 'builtin' });

describe('the flashcard generator', () => {
  it("makes three cards whose answers come from the text and saves them to the learner's deck", async () => {
    const res = await t.request('POST', '/api/generator/generate', { token: t.learner.token, body: { text: TEXT } });
    expect(res.status).toBe(200);
    expect(res.body.added).toBe(3);
    expect(res.body.cards).toHaveLength(3);
    for (const c of res.body.cards) expect(TEXT).toContain(c.answer);
    const deck = await t.request('GET', '/api/flashcards', { token: t.learner.token });
    expect(deck.body.total).toBe(3);
    expect(deck.body.dueCount).toBe(3);
    expect(deck.body.cards.map((c: { question: string }) => c.question).sort()).toEqual(
      res.body.cards.map((c: { question: string }) => c.question).sort(),
    );
  });

  it.each([
    ['empty text', { text: '' }],
    ['blank text', { text: ' \n' }],
    ['no text', {}],
  ])('refuses %s with 400 and saves nothing', async (_label, body) => {
    const learner = await signUp(t);
    const res = await t.request('POST', '/api/generator/generate', { token: learner.token, body });
    expect(res).toMatchObject({ status: 400, body: { error: 'Please enter some text first!' } });
    expect((await t.request('GET', '/api/flashcards', { token: learner.token })).body.total).toBe(0);
  });

  it('answers 422 when the text is too short for three cards, and saves nothing', async () => {
    const learner = await signUp(t);
    const res = await t.request('POST', '/api/generator/generate', { token: learner.token, body: { text: 'Hello.' } });
    expect(res).toMatchObject({
      status: 422,
      body: { error: 'This text is too short for 3 flashcards: paste a longer text' },
    });
    expect((await t.request('GET', '/api/flashcards', { token: learner.token })).body.total).toBe(0);
  });

  it('answers 413 for a text over 20,000 characters', async () => {
    const res = await t.request('POST', '/api/generator/generate', {
      token: t.learner.token,
      body: { text: 'a '.repeat(10_001) },
    });
    expect(res.status).toBe(413);
  });
});
