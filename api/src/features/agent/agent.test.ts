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

  it('finds a paraphrased question in a test made from an article, and names the test', async () => {
    const learner = await signUp(t);
    const text = `Collapse of Silicon Valley Bank

Source: https://en.wikipedia.org/wiki/Collapse_of_Silicon_Valley_Bank
CC BY-SA 4.0

On March 10, 2023, Silicon Valley Bank (SVB) failed after a bank run, the second-largest bank failure in United States history.[1] The bank had been founded in 1983 in Santa Clara, California. Customers withdrew $42 billion in a single day, about a quarter of all deposits. The Federal Deposit Insurance Corporation (FDIC) was named receiver. In 2022 the bank had sold $21 billion of bonds at a loss of $1.8 billion. Regulators in Washington debated deposit insurance for weeks after the run.`;
    const made = await t.request('POST', '/api/knowledge-tests', {
      token: learner.token,
      body: { name: 'The SVB collapse', text, requested: 3 },
    });
    expect(made.status).toBe(201);
    const res = await ask('Why did SVB fail?', learner.token);
    expect(res.body.answer).toContain('Silicon Valley Bank (SVB) failed after a bank run');
    expect(res.body.answer).toContain('test "The SVB collapse"');
    expect(res.body.answer).not.toMatch(/CC BY|Source:|\[1\]/);
  });

  it("answers from the cards of a room the learner belongs to, and never from another room's", async () => {
    const host = await signUp(t);
    const member = await signUp(t);
    const outsider = await signUp(t);
    const room = await t.request('POST', '/api/group-learning/rooms', {
      token: host.token,
      body: { title: 'Cell biology', topic: 'Organelles' },
    });
    await t.request('POST', `/api/group-learning/${room.body.id}/join`, { token: member.token });
    await t.request('POST', `/api/group-learning/${room.body.id}/flashcards/add`, {
      token: host.token,
      body: {
        question: 'What do mitochondria make?',
        answer: 'Mitochondria make most of the cell’s ATP, its energy currency.',
      },
    });
    const res = await ask('What do mitochondria produce?', member.token);
    expect(res.body.answer).toContain('Mitochondria make most of the cell’s ATP');
    expect(res.body.answer).toContain('room "Cell biology"');
    expect((await ask('What do mitochondria produce?', outsider.token)).body.answer).toBe(NOTHING_RELEVANT);
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
