import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../../test/helper';
import { clozeNumbers, clozeSideText } from '../../contract';

const t = useTestApp();

const TEXT = '{{c1::Mitochondria}} make {{c2::ATP::a molecule}} from {{c1::glucose}}.';

describe('cloze text', () => {
  it('shows the blank (or the hint) for the card’s number and the other deletions as text', () => {
    expect(clozeNumbers(TEXT)).toEqual([1, 2]);
    expect(clozeSideText(TEXT, 1, 'question')).toBe('[...] make ATP from [...].');
    expect(clozeSideText(TEXT, 2, 'question')).toBe('Mitochondria make [a molecule] from glucose.');
    expect(clozeSideText(TEXT, 2, 'answer')).toBe('Mitochondria make ATP from glucose.');
    // A study room shows the whole text at once: every deletion blank, then every one revealed.
    expect(clozeSideText(TEXT, 'all', 'question')).toBe('[...] make [a molecule] from [...].');
    expect(clozeSideText(TEXT, 'all', 'answer')).toBe('Mitochondria make ATP from glucose.');
    expect(clozeNumbers('no deletion {{c::x}} {c1::y}')).toEqual([]);
  });
});

describe('cloze cards', () => {
  it('studies each cloze number as its own card', async () => {
    const { token } = await signUp(t);
    const res = await t.request('POST', '/api/flashcards', {
      token,
      body: { kind: 'cloze', question: TEXT, answer: 'Cell biology' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'cloze', clozeOrdinal: 1, question: TEXT, answer: 'Cell biology' });
    const queue = (await t.request('GET', '/api/flashcards/study', { token })).body.cards;
    expect(queue.map((c: { clozeOrdinal: number }) => c.clozeOrdinal).sort()).toEqual([1, 2]);
    expect(new Set(queue.map((c: { noteId: string }) => c.noteId)).size).toBe(1);

    // Rating one number leaves the other new.
    await t.request('PUT', `/api/flashcards/${res.body.id}/review`, { token, body: { rating: 4 } });
    const left = (await t.request('GET', '/api/flashcards/study', { token })).body.cards;
    expect(left.map((c: { clozeOrdinal: number }) => c.clozeOrdinal)).toEqual([2]);
  });

  it('edits the whole text: a number removed loses its card, a number added gains one', async () => {
    const { token } = await signUp(t);
    const first = (await t.request('POST', '/api/flashcards', { token, body: { kind: 'cloze', question: TEXT } })).body;
    const edited = await t.request('PATCH', `/api/flashcards/${first.id}`, {
      token,
      body: { question: '{{c1::Mitochondria}} need {{c3::oxygen}}.', answer: 'Extra' },
    });
    expect(edited.status).toBe(200);
    const cards = (await t.request('GET', '/api/flashcards', { token })).body.cards;
    expect(cards.map((c: { clozeOrdinal: number }) => c.clozeOrdinal).sort()).toEqual([1, 3]);
    expect(cards.every((c: { question: string; answer: string }) => c.answer === 'Extra')).toBe(true);
    // The c1 card keeps its id (and so its history).
    expect(cards.find((c: { clozeOrdinal: number }) => c.clozeOrdinal === 1).id).toBe(first.id);
  });

  it('answers 400 with a clear message for a cloze text without deletions', async () => {
    const { token } = await signUp(t);
    const res = await t.request('POST', '/api/flashcards', { token, body: { kind: 'cloze', question: 'Plain text' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      'A cloze card needs at least one deletion written as {{c1::answer}} (or {{c1::answer::hint}})',
    );
    const card = (await t.request('POST', '/api/flashcards', { token, body: { kind: 'cloze', question: TEXT } })).body;
    const edit = await t.request('PATCH', `/api/flashcards/${card.id}`, { token, body: { question: 'gone' } });
    expect(edit.status).toBe(400);
    expect(edit.body.error).toMatch(/at least one deletion/);
    // A basic card still needs both sides.
    const basic = await t.request('POST', '/api/flashcards', { token, body: { question: 'Q', answer: ' ' } });
    expect(basic.body.error).toBe('Please fill in both question and answer');
  });

  it('answers 400 naming the limit for a cloze number beyond 500, on create and on edit, and writes nothing', async () => {
    const { token } = await signUp(t);
    const limit = 'Cloze numbers go from 1 to 500: renumber the deletions ({{c1::…}}, {{c2::…}}, …)';
    const res = await t.request('POST', '/api/flashcards', {
      token,
      body: { kind: 'cloze', question: '{{c99999::x}}' },
    });
    expect(res).toMatchObject({ status: 400, body: { error: limit } });
    expect((await t.request('GET', '/api/flashcards', { token })).body.total).toBe(0);
    const card = (
      await t.request('POST', '/api/flashcards', { token, body: { kind: 'cloze', question: '{{c500::x}}' } })
    ).body;
    expect(card.clozeOrdinal).toBe(500);
    const edit = await t.request('PATCH', `/api/flashcards/${card.id}`, { token, body: { question: '{{c501::y}}' } });
    expect(edit).toMatchObject({ status: 400, body: { error: limit } });
  });
});
