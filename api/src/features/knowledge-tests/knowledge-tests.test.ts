import { readFileSync } from 'node:fs';
import path from 'node:path';
import { countFlaggedQuestions, knowledgeTests, testQuestions } from '@learnboost/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../../test/helper';

const passage = readFileSync(
  path.resolve(import.meta.dirname, '../../../test/fixtures/passages/science-photosynthesis.txt'),
  'utf8',
);

const t = useTestApp({ AI_PROVIDER: 'builtin' });

const create = (body: unknown, as = t.learner.token) => t.request('POST', '/api/knowledge-tests', { token: as, body });
async function newTest(as = t.learner.token, requested?: number) {
  const res = await create({ name: 'Photosynthesis', text: passage, ...(requested ? { requested } : {}) }, as);
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe('creating a test', () => {
  it('answers 201 with an id and makes six questions by default', async () => {
    const id = await newTest();
    const detail = await t.request('GET', `/api/knowledge-tests/${id}`, { token: t.learner.token });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id, name: 'Photosynthesis', sourceText: passage, results: [] });
    expect(detail.body.questions).toHaveLength(6);
    for (const q of detail.body.questions) {
      expect(Object.keys(q).sort()).toEqual(['choices', 'id', 'prompt']);
      expect(q.choices).toHaveLength(4);
    }
  });

  it('makes exactly the number requested', async () => {
    const id = await newTest(t.learner.token, 3);
    expect(
      (await t.request('GET', `/api/knowledge-tests/${id}`, { token: t.learner.token })).body.questions,
    ).toHaveLength(3);
  });

  it.each([
    ['no name', { text: passage }, 'Please enter name and paste the text.'],
    ['a blank name', { name: '  ', text: passage }, 'Please enter name and paste the text.'],
    ['a blank text', { name: 'x', text: '\n ' }, 'Please enter name and paste the text.'],
    ['requested over 20', { name: 'x', text: passage, requested: 21 }, 'requested must be at most 20'],
    ['requested 0', { name: 'x', text: passage, requested: 0 }, 'requested must be at least 1'],
  ])('refuses %s with 400', async (_label, body, error) => {
    expect(await create(body)).toMatchObject({ status: 400, body: { error } });
  });

  it('answers 413 for a text over 20,000 characters', async () => {
    const res = await create({ name: 'Long', text: 'word '.repeat(4001) });
    expect(res).toMatchObject({ status: 413, body: { error: 'The text is too long: at most 20,000 characters' } });
  });

  it('answers 422 naming how many questions a short passage supports, and saves nothing', async () => {
    const learner = await signUp(t);
    const short =
      'In 1779, Jan Ingenhousz showed that plants need sunlight to release oxygen. Melvin Calvin received the Nobel Prize in 1961 for mapping the cycle.';
    const res = await create({ name: 'Short', text: short, requested: 6 }, learner.token);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/^This text supports only \d questions?/);
    expect((await t.request('GET', '/api/knowledge-tests', { token: learner.token })).body).toEqual([]);
  });

  it('stores the supporting sentence of every question', async () => {
    const id = await newTest();
    const rows = await t.db.db.select().from(testQuestions).where(eq(testQuestions.testId, id));
    for (const r of rows) expect(passage.replace(/\s+/g, ' ')).toContain(r.supportingSentence.replace(/\s+/g, ' '));
  });
});

describe('listing, submitting, explaining', () => {
  it('lists summaries newest first', async () => {
    const learner = await signUp(t);
    const first = await newTest(learner.token, 2);
    const second = await newTest(learner.token, 4);
    const res = await t.request('GET', '/api/knowledge-tests', { token: learner.token });
    expect(res.body.map((s: { id: string }) => s.id)).toEqual([second, first]);
    expect(res.body[0]).toMatchObject({ name: 'Photosynthesis', questionCount: 4 });
    expect(Date.parse(res.body[0].createdAt)).not.toBeNaN();
  });

  it('scores a submission in percent, counts unanswered as wrong, keeps it in results', async () => {
    const id = await newTest(t.learner.token, 4);
    const { questions } = (await t.request('GET', `/api/knowledge-tests/${id}`, { token: t.learner.token })).body;
    const first = await t.request('POST', `/api/knowledge-tests/${id}/submit`, {
      token: t.learner.token,
      body: { userId: null, answers: [{ qId: questions[0].id, selectedIndex: 0 }] },
    });
    expect(first.status).toBe(200);
    const { correctIndex } = first.body.answers[0];
    const answers = questions.map((q: { id: string }, i: number) => ({
      qId: q.id,
      selectedIndex: i === 3 ? -1 : first.body.answers[i].correctIndex,
    }));
    const res = await t.request('POST', `/api/knowledge-tests/${id}/submit`, {
      token: t.learner.token,
      body: { userId: 'x', answers },
    });
    expect(res.body.score).toBe(75);
    expect(res.body.answers[3]).toMatchObject({ selectedIndex: -1, correct: false, prompt: questions[3].prompt });
    expect(res.body.answers[0]).toMatchObject({ correct: true, correctIndex });
    const detail = (await t.request('GET', `/api/knowledge-tests/${id}`, { token: t.learner.token })).body;
    expect(detail.results).toHaveLength(2);
    expect(detail.results.at(-1).score).toBe(75);
  });

  it('"This question is wrong": the question leaves the test, every result is scored again, the mark is kept', async () => {
    const id = await newTest(t.learner.token, 4);
    const { questions } = (await t.request('GET', `/api/knowledge-tests/${id}`, { token: t.learner.token })).body;
    // First a blank sheet, to learn the answers; then three right and the fourth wrong: 75%.
    const blank = await t.request('POST', `/api/knowledge-tests/${id}/submit`, {
      token: t.learner.token,
      body: { answers: [] },
    });
    const right = (i: number) => blank.body.answers[i].correctIndex as number;
    const sub = await t.request('POST', `/api/knowledge-tests/${id}/submit`, {
      token: t.learner.token,
      body: {
        answers: questions.map((q: { id: string }, i: number) => ({
          qId: q.id,
          selectedIndex: i === 3 ? (right(3) + 1) % 4 : right(i),
        })),
      },
    });
    expect(sub.body.score).toBe(75);

    const wrong = questions[3].id;
    const flag = () =>
      t.request('POST', `/api/knowledge-tests/${id}/questions/${wrong}/flag`, { token: t.learner.token });
    const res = await flag();
    expect(res.status).toBe(200);
    expect(res.body.questions.map((q: { id: string }) => q.id)).not.toContain(wrong);
    expect(res.body.questions).toHaveLength(3);
    // Scored again without it: the sheet with three right is now 100%, the blank one still 0%.
    expect(res.body.results.map((r: { score: number }) => r.score)).toEqual([0, 100]);
    expect(res.body.results[1].answers).toHaveLength(3);
    // Marking it again changes nothing; the list counts three questions; the mark is kept.
    expect((await flag()).body.results.map((r: { score: number }) => r.score)).toEqual([0, 100]);
    const list = (await t.request('GET', '/api/knowledge-tests', { token: t.learner.token })).body;
    expect(list.find((x: { id: string }) => x.id === id).questionCount).toBe(3);
    const [row] = await t.db.db.select().from(testQuestions).where(eq(testQuestions.id, wrong));
    expect(row?.flaggedAt).toBeInstanceOf(Date);
    expect((await countFlaggedQuestions(t.db.db)).flagged).toBeGreaterThanOrEqual(1);
    // A new submission is scored over the three that are left.
    const again = await t.request('POST', `/api/knowledge-tests/${id}/submit`, {
      token: t.learner.token,
      body: {
        answers: res.body.questions.map((q: { id: string }, i: number) => ({ qId: q.id, selectedIndex: right(i) })),
      },
    });
    expect(again.body.score).toBe(100);
  });

  it("answers 404 for a question that is not the test's, and for another learner's test", async () => {
    const id = await newTest(t.learner.token, 2);
    const { questions } = (await t.request('GET', `/api/knowledge-tests/${id}`, { token: t.learner.token })).body;
    const stranger = crypto.randomUUID();
    expect(
      await t.request('POST', `/api/knowledge-tests/${id}/questions/${stranger}/flag`, { token: t.learner.token }),
    ).toMatchObject({ status: 404, body: { error: 'Question not found' } });
    const other = await signUp(t);
    expect(
      await t.request('POST', `/api/knowledge-tests/${id}/questions/${questions[0].id}/flag`, { token: other.token }),
    ).toMatchObject({ status: 404 });
  });

  it('refuses an answer to a question of another test with 400', async () => {
    const id = await newTest(t.learner.token, 2);
    const res = await t.request('POST', `/api/knowledge-tests/${id}/submit`, {
      token: t.learner.token,
      body: { answers: [{ qId: crypto.randomUUID(), selectedIndex: 0 }] },
    });
    expect(res).toMatchObject({ status: 400, body: { error: 'An answer names a question that is not in this test' } });
  });

  it('explains each mistake by quoting its supporting sentence', async () => {
    const id = await newTest(t.learner.token, 3);
    const { questions } = (await t.request('GET', `/api/knowledge-tests/${id}`, { token: t.learner.token })).body;
    expect(
      await t.request('POST', `/api/knowledge-tests/${id}/justify`, {
        token: t.learner.token,
        body: { qIds: [], contextNotes: '' },
      }),
    ).toMatchObject({ status: 409, body: { error: 'No submission found' } });
    const sub = await t.request('POST', `/api/knowledge-tests/${id}/submit`, {
      token: t.learner.token,
      body: { answers: questions.map((q: { id: string }) => ({ qId: q.id, selectedIndex: -1 })) },
    });
    const qIds = sub.body.answers.map((a: { qId: string }) => a.qId);
    const res = await t.request('POST', `/api/knowledge-tests/${id}/justify`, {
      token: t.learner.token,
      body: { qIds, contextNotes: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body.justifications.map((j: { qId: string }) => j.qId)).toEqual(qIds);
    const rows = await t.db.db.select().from(testQuestions).where(eq(testQuestions.testId, id));
    for (const j of res.body.justifications) {
      const row = rows.find((r) => r.id === j.qId);
      expect(j.explanation).toContain(row?.supportingSentence);
    }
  });

  it('keeps the explanations with the submission, so a reopened Knowledge Gap shows them again', async () => {
    const id = await newTest(t.learner.token, 3);
    const { questions } = (await t.request('GET', `/api/knowledge-tests/${id}`, { token: t.learner.token })).body;
    await t.request('POST', `/api/knowledge-tests/${id}/submit`, {
      token: t.learner.token,
      body: { answers: questions.map((q: { id: string }) => ({ qId: q.id, selectedIndex: -1 })) },
    });
    const { justifications } = (
      await t.request('POST', `/api/knowledge-tests/${id}/justify`, {
        token: t.learner.token,
        body: { qIds: [], contextNotes: '' },
      })
    ).body;
    expect(justifications).toHaveLength(3);
    const reopened = (await t.request('GET', `/api/knowledge-tests/${id}`, { token: t.learner.token })).body;
    const kept = reopened.results
      .at(-1)
      .answers.map((a: { qId: string; explanation?: string }) => [a.qId, a.explanation]);
    expect(kept).toEqual(justifications.map((j: { qId: string; explanation: string }) => [j.qId, j.explanation]));
  });

  it('deletes a test', async () => {
    const id = await newTest(t.learner.token, 1);
    expect((await t.request('DELETE', `/api/knowledge-tests/${id}`, { token: t.learner.token })).status).toBe(204);
    expect((await t.request('GET', `/api/knowledge-tests/${id}`, { token: t.learner.token })).status).toBe(404);
  });
});

describe("another learner's test", () => {
  it('answers 404 on every route, and a malformed id too', async () => {
    const id = await newTest(t.learner.token, 2);
    const other = await signUp(t);
    const as = other.token;
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/knowledge-tests/${id}`],
      ['POST', `/api/knowledge-tests/${id}/submit`, { answers: [] }],
      ['POST', `/api/knowledge-tests/${id}/justify`, { qIds: [], contextNotes: '' }],
      ['POST', `/api/knowledge-tests/${id}/share`, {}],
      ['DELETE', `/api/knowledge-tests/${id}`],
      ['GET', '/api/knowledge-tests/not-a-uuid'],
    ];
    for (const [method, route, body] of calls) {
      const res = await t.request(method, route, { token: as, body });
      expect(res.status, `${method} ${route}`).toBe(404);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await t.request('GET', '/api/knowledge-tests', { token: as })).body).toEqual([]);
    expect((await t.request('GET', `/api/knowledge-tests/${id}`, { token: t.learner.token })).status).toBe(200);
  });

  it('needs a token', async () => {
    expect((await t.request('GET', '/api/knowledge-tests')).status).toBe(401);
  });
});

describe('sharing', () => {
  it('shares by a share id that lets another learner preview and take a copy', async () => {
    const id = await newTest(t.learner.token, 5);
    const share = await t.request('POST', `/api/knowledge-tests/${id}/share`, { token: t.learner.token, body: {} });
    expect(share.status).toBe(200);
    const { shareId } = share.body;
    expect(shareId).not.toBe(id);
    expect(
      (await t.request('POST', `/api/knowledge-tests/${id}/share`, { token: t.learner.token, body: {} })).body.shareId,
    ).toBe(shareId);

    const other = await signUp(t);
    const preview = await t.request('GET', `/api/knowledge-tests/shared/${shareId}`, { token: other.token });
    expect(preview).toMatchObject({ status: 200, body: { name: 'Photosynthesis', questionCount: 5 } });
    const taken = await t.request('POST', `/api/knowledge-tests/shared/${shareId}/take`, {
      token: other.token,
      body: {},
    });
    expect(taken.status).toBe(201);
    expect(taken.body.id).not.toBe(id);
    const copy = await t.request('GET', `/api/knowledge-tests/${taken.body.id}`, { token: other.token });
    expect(copy.body.questions).toHaveLength(5);
    // The original stays the owner's alone.
    expect((await t.request('GET', `/api/knowledge-tests/${id}`, { token: other.token })).status).toBe(404);
    const [row] = await t.db.db.select().from(knowledgeTests).where(eq(knowledgeTests.id, taken.body.id));
    expect(row?.shareId).toBeNull();
  });

  it('answers 404 for an unknown share id', async () => {
    const res = await t.request('GET', '/api/knowledge-tests/shared/nosuchshare', { token: t.learner.token });
    expect(res.status).toBe(404);
  });
});

describe('ai status', () => {
  it('names the provider and model', async () => {
    const res = await t.request('GET', '/api/ai/status', { token: t.learner.token });
    expect(res).toMatchObject({ status: 200, body: { provider: 'builtin', model: 'wink-eng-lite-web-model' } });
  });
});
