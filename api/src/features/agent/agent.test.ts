import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startApp, type TestApp } from '../../../test/helper';
import { NOTHING_RELEVANT } from '../ai/builtin/builtin-provider';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startApp({ AI_PROVIDER: 'builtin' });
  token = (await signUp(t)).token;
  await t.request('POST', '/api/flashcards', {
    token,
    body: {
      question: 'What is osmosis?',
      answer: 'Osmosis is the movement of water through a membrane (a thin layer) in order to balance concentrations.',
    },
  });
});
afterAll(() => t.close());

const ask = (question: unknown, as = token) => t.request('POST', '/api/agent/ask', { token: as, body: { question } });

describe('the study agent, offline', () => {
  it("answers from the learner's own flashcards, in plainer words", async () => {
    const res = await ask('Explain osmosis to me');
    expect(res.status).toBe(200);
    expect(res.body.answer).toContain('Osmosis is the movement of water through a membrane to balance concentrations.');
    expect(res.body.answer).toContain('flashcard "What is osmosis?"');
  });

  it('says plainly when nothing relevant exists, and suggests configuring a provider', async () => {
    const res = await ask('Who won the battle of Hastings?');
    expect(res.body.answer).toBe(NOTHING_RELEVANT);
    // Another learner's notes are never searched.
    const other = await signUp(t);
    expect((await ask('What is osmosis?', other.token)).body.answer).toBe(NOTHING_RELEVANT);
  });

  it.each([
    ['an empty question', ''],
    ['a blank question', '   '],
    ['no question', undefined],
  ])('refuses %s with 400', async (_label, question) => {
    expect(await ask(question)).toMatchObject({ status: 400, body: { error: 'Please type a question' } });
  });

  it('refuses a question over 2,000 characters', async () => {
    const res = await ask('why '.repeat(600));
    expect(res).toMatchObject({ status: 400, body: { error: 'The question must be at most 2,000 characters' } });
  });

  it('streams the answer as server-sent events when asked to', async () => {
    const res = await fetch(`${t.url}/api/agent/ask`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ question: 'What is osmosis?' }),
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await res.text();
    const deltas = [...text.matchAll(/event: delta\ndata: (.*)\n/g)].map((m) => JSON.parse(m[1] ?? '').text);
    expect(deltas.length).toBeGreaterThan(3);
    const done = /event: done\ndata: (.*)\n/.exec(text);
    expect(JSON.parse(done?.[1] ?? '{}').answer).toBe(deltas.join(''));
  });
});
