import { describe, expect, it } from 'vitest';
import { signUp } from '../../../test/helper';
import { host, type Learner, t, useRoomApp } from '../../../test/room-app';
import type { TRoomCard, TRoomDeckStats } from '../../contract';

// "The group sees where it is weak" (issue 24): aggregates over 3 learners or more, never one's own.

useRoomApp();

const BONES = [
  ['Longest bone?', 'Femur'],
  ['Kneecap?', 'Patella'],
  ['Shin bone?', 'Tibia'],
  ['Upper arm bone?', 'Humerus'],
  ['Collarbone?', 'Clavicle'],
] as const;

async function roomWith(...members: Learner[]) {
  const res = await t.request('POST', '/api/group-learning/rooms', {
    token: host.token,
    body: { title: 'Bones', topic: 'Names' },
  });
  const roomId = res.body.id as string;
  for (const m of members) await t.request('POST', `/api/group-learning/${roomId}/join`, { token: m.token });
  const cards: TRoomCard[] = [];
  for (const [question, answer] of BONES)
    cards.push(
      (
        await t.request('POST', `/api/group-learning/${roomId}/flashcards/add`, {
          token: host.token,
          body: { question, answer },
        })
      ).body.card,
    );
  return { roomId, cards };
}
const stats = async (roomId: string, as: Learner) =>
  (await t.request('GET', `/api/group-learning/${roomId}/deck-stats`, { token: as.token })).body as TRoomDeckStats;

async function studyAndRemember(roomId: string, learner: Learner, question: string) {
  const { deckId } = (await t.request('POST', `/api/group-learning/${roomId}/study`, { token: learner.token })).body;
  const queue = await t.request('GET', `/api/flashcards/study?deckId=${deckId}`, { token: learner.token });
  const card = queue.body.cards.find((c: { question: string }) => c.question === question);
  await t.request('PUT', `/api/flashcards/${card.id}/review`, { token: learner.token, body: { rating: 4 } });
}

describe("the group's aggregates", () => {
  it('stay hidden under 3 learners, then show the share who would recall each card, weakest first', async () => {
    const [a, b, c] = [await signUp(t), await signUp(t), await signUp(t)];
    const { roomId, cards } = await roomWith(a, b, c);
    const outsider = await signUp(t);
    expect((await t.request('GET', `/api/group-learning/${roomId}/deck-stats`, { token: outsider.token })).status).toBe(
      403,
    );

    await studyAndRemember(roomId, a, 'Longest bone?');
    await studyAndRemember(roomId, b, 'Longest bone?');
    let seen = await stats(roomId, a);
    expect(seen.minLearners).toBe(3);
    expect(seen.cards[0]).toEqual({ cardId: cards[0]?.id, learners: 2, recallShare: null });
    expect(seen.weakest).toEqual([]);
    // The quiz source needs them too.
    const tooSoon = await t.request('POST', `/api/group-learning/${roomId}/games`, {
      token: host.token,
      body: { source: 'weakest' },
    });
    expect(tooSoon).toMatchObject({ status: 422, body: { error: expect.stringContaining('no weakest cards yet') } });

    await studyAndRemember(roomId, c, 'Longest bone?');
    seen = await stats(roomId, b);
    const femur = seen.cards.find((s) => s.cardId === cards[0]?.id);
    expect(femur?.learners).toBe(3);
    expect(femur?.recallShare).toBeGreaterThan(0.9);
    expect(seen.weakest).toHaveLength(BONES.length);
    expect(seen.weakest.at(-1)?.card.id).toBe(cards[0]?.id);
    expect(seen.weakest[0]?.recallShare).toBe(0);
    // Aggregates only: nobody's id, rating or schedule is in the answer.
    const text = JSON.stringify(seen);
    for (const l of [a, b, c]) expect(text).not.toContain(l.id);
    expect(text).not.toMatch(/stability|rating|due/);
  });

  it('gives the live quiz the source "The group\'s weakest cards", weakest first', async () => {
    const [a, b, c] = [await signUp(t), await signUp(t), await signUp(t)];
    const { roomId } = await roomWith(a, b, c);
    for (const l of [a, b, c]) await studyAndRemember(roomId, l, 'Longest bone?');
    const res = await t.request('POST', `/api/group-learning/${roomId}/games`, {
      token: host.token,
      body: { source: 'weakest', questionCount: 4 },
    });
    expect(res.status).toBe(201);
    expect(res.body.game).toMatchObject({ total: 4, status: 'question' });
    // The card everyone remembers is the strongest: it is not asked among the four weakest.
    expect(res.body.game.question.prompt).not.toBe('Longest bone?');
    expect(res.body.game.question.choices).toHaveLength(4);
  });
});
