import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../../test/helper';
import { coachInsights } from './ai-coach.service';

const t = useTestApp();

describe('the motivation coach', () => {
  it('speaks to a new learner from real (empty) data, never with an empty message', async () => {
    const { token } = await signUp(t);
    const res = await t.request('GET', '/api/ai-coach/insights', { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Start small: add a few flashcards or plan a session, and build from there.');
    expect(res.body.insights).toEqual([
      { metric: 'Study streak', value: '0 days' },
      { metric: 'Retention (7 days)', value: 'No reviews yet' },
      { metric: 'Cards due', value: 0 },
      { metric: 'Weakest topic', value: 'No mistakes yet' },
    ]);
  });

  it('counts due cards and retention from the learner’s reviews', async () => {
    const { token } = await signUp(t);
    const ids: string[] = [];
    for (const q of ['a', 'b', 'c', 'd', 'e']) {
      ids.push((await t.request('POST', '/api/flashcards', { token, body: { question: q, answer: q } })).body.id);
    }
    for (const [i, remembered] of [true, true, true, false].entries()) {
      await t.request('PUT', `/api/flashcards/${ids[i]}/review`, { token, body: { remembered } });
    }
    const res = await t.request('GET', '/api/ai-coach/insights', { token });
    expect(res.body.insights).toEqual(
      expect.arrayContaining([
        { metric: 'Retention (7 days)', value: '75%' },
        { metric: 'Cards due', value: 1 },
        { metric: 'Study streak', value: '1 day' },
      ]),
    );
    expect(res.body.message).toBe('1 card is waiting for you: a short review now keeps them fresh.');
  });

  it('asks the provider once per day while nothing changes, and falls back when it fails', async () => {
    const learner = await signUp(t);
    const offline = () => 'Start small: add a few flashcards or plan a session, and build from there.';
    let calls = 0;
    const phrase = async () => {
      calls += 1;
      return 'Phrased by the provider.';
    };
    expect(
      (await coachInsights({ db: t.db.db, userId: learner.id, voice: { phrase: phrase, fallback: offline } })).message,
    ).toBe('Phrased by the provider.');
    await coachInsights({ db: t.db.db, userId: learner.id, voice: { phrase: phrase, fallback: offline } });
    expect(calls).toBe(1);
    await t.request('POST', '/api/flashcards', { token: learner.token, body: { question: 'new', answer: 'fact' } });
    await coachInsights({ db: t.db.db, userId: learner.id, voice: { phrase: phrase, fallback: offline } });
    expect(calls).toBe(2);

    const other = await signUp(t);
    const failing = async () => {
      throw new Error('provider down');
    };
    expect(
      (await coachInsights({ db: t.db.db, userId: other.id, voice: { phrase: failing, fallback: offline } })).message,
    ).toBe('Start small: add a few flashcards or plan a session, and build from there.');
  });
});
