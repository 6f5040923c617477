import { describe, expect, it } from 'vitest';
import { signUp } from '../../../test/helper';
import { host, type Learner, t, useRoomApp } from '../../../test/room-app';
import type { TRoomCard } from '../../contract';

// "Study this deck" (issue 24): the room deck studied on the learner's own schedule.

useRoomApp();

async function roomWith(title: string, ...members: Learner[]) {
  const res = await t.request('POST', '/api/group-learning/rooms', {
    token: host.token,
    body: { title, topic: 'Bones' },
  });
  for (const m of members) await t.request('POST', `/api/group-learning/${res.body.id}/join`, { token: m.token });
  return res.body.id as string;
}
const add = async (roomId: string, body: object) =>
  (await t.request('POST', `/api/group-learning/${roomId}/flashcards/add`, { token: host.token, body })).body
    .card as TRoomCard;
const queue = async (as: Learner, deckId: string) =>
  (await t.request('GET', `/api/flashcards/study?deckId=${deckId}`, { token: as.token })).body.cards as {
    id: string;
    question: string;
    answer: string;
    reps: number;
    state: string;
    clozeOrdinal: number | null;
  }[];

describe('Study this deck', () => {
  it('puts the room deck in my decks; edits, adds and deletes reach my queue, my history kept', async () => {
    const ana = await signUp(t);
    const roomId = await roomWith('Skeleton', ana);
    const femur = await add(roomId, { question: 'Femur?', answer: 'Thigh bone' });
    await add(roomId, { kind: 'cloze', question: '{{c1::Tibia}} and {{c2::fibula}}' });

    const outsider = await signUp(t);
    expect(await t.request('POST', `/api/group-learning/${roomId}/study`, { token: outsider.token })).toMatchObject({
      status: 403,
      body: { error: 'Join the room to study its deck' },
    });
    const studied = await t.request('POST', `/api/group-learning/${roomId}/study`, { token: ana.token });
    expect(studied).toMatchObject({ status: 200, body: { deckId: expect.any(String), deckName: 'Skeleton' } });
    const deckId = studied.body.deckId as string;
    const decks = await t.request('GET', '/api/decks', { token: ana.token });
    expect(decks.body.map((d: { name: string }) => d.name)).toContain('Skeleton');
    // Studying twice changes nothing.
    expect((await t.request('POST', `/api/group-learning/${roomId}/study`, { token: ana.token })).body.deckId).toBe(
      deckId,
    );

    let cards = await queue(ana, deckId);
    expect(cards.map((c) => [c.question, c.clozeOrdinal])).toEqual([
      ['Femur?', null],
      ['{{c1::Tibia}} and {{c2::fibula}}', 1],
      ['{{c1::Tibia}} and {{c2::fibula}}', 2],
    ]);
    const mine = cards[0] as (typeof cards)[number];
    const reviewed = await t.request('PUT', `/api/flashcards/${mine.id}/review`, {
      token: ana.token,
      body: { rating: 3 },
    });
    expect(reviewed.status).toBe(200);

    // The host edits the card Ana studied, adds one and deletes one: no write per learner.
    await t.request('PUT', `/api/group-learning/${roomId}/flashcards/${femur.id}`, {
      token: host.token,
      body: { version: femur.version, question: 'Femur?', answer: 'The longest bone' },
    });
    await add(roomId, { question: 'Patella?', answer: 'Kneecap' });
    const cloze = (await t.request('GET', `/api/group-learning/${roomId}`, { token: host.token })).body.cards[1];
    await t.request('PUT', `/api/group-learning/${roomId}/flashcards/${cloze.id}`, {
      token: host.token,
      body: { version: cloze.version, kind: 'cloze', question: '{{c1::Tibia}} and the fibula' },
    });

    const card = await t.request('GET', `/api/flashcards/${mine.id}`, { token: ana.token });
    expect(card.body).toMatchObject({ reps: 1, state: 'learning' });
    cards = await queue(ana, deckId);
    // c2 left with its deletion, Patella arrived new, and Femur (a learning step due within the
    // learn-ahead window) shows the new text with Ana's review kept.
    expect(cards.map((c) => c.question)).toEqual(['{{c1::Tibia}} and the fibula', 'Patella?', 'Femur?']);
    expect(cards[2]).toMatchObject({ id: mine.id, answer: 'The longest bone', reps: 1 });

    await t.request('DELETE', `/api/group-learning/${roomId}/flashcards/${femur.id}`, { token: host.token });
    cards = await queue(ana, deckId);
    expect(cards.map((c) => c.question)).toEqual(['{{c1::Tibia}} and the fibula', 'Patella?']);
  });

  it('shows an edited card with its new text in the queue and keeps its reviews', async () => {
    const ben = await signUp(t);
    const roomId = await roomWith('Muscles', ben);
    const card = await add(roomId, { question: 'Biceps?', answer: 'Arm' });
    const { deckId } = (await t.request('POST', `/api/group-learning/${roomId}/study`, { token: ben.token })).body;
    const [first] = await queue(ben, deckId);
    // Again: the card stays in today's learning steps.
    await t.request('PUT', `/api/flashcards/${first?.id}/review`, { token: ben.token, body: { rating: 1 } });
    await t.request('PUT', `/api/group-learning/${roomId}/flashcards/${card.id}`, {
      token: host.token,
      body: { version: 1, question: 'Biceps brachii?', answer: 'Upper arm' },
    });
    const [again] = await queue(ben, deckId);
    expect(again).toMatchObject({ id: first?.id, question: 'Biceps brachii?', answer: 'Upper arm', reps: 1 });
  });

  it('Stop studying keeps my cards as my own (with the room text as it is now) or removes them', async () => {
    const [cy, di] = [await signUp(t), await signUp(t)];
    const roomId = await roomWith('Joints', cy, di);
    const card = await add(roomId, { question: 'Knee?', answer: 'Hinge' });
    const cyDeck = (await t.request('POST', `/api/group-learning/${roomId}/study`, { token: cy.token })).body.deckId;
    const diDeck = (await t.request('POST', `/api/group-learning/${roomId}/study`, { token: di.token })).body.deckId;
    expect(await queue(cy, cyDeck)).toHaveLength(1);
    const bad = await t.request('DELETE', `/api/group-learning/${roomId}/study`, { token: cy.token, body: {} });
    expect(bad).toMatchObject({ status: 400, body: { error: 'keepCards must be true or false' } });
    const kept = await t.request('DELETE', `/api/group-learning/${roomId}/study`, {
      token: cy.token,
      body: { keepCards: true },
    });
    expect(kept.status).toBe(204);
    // Leaving the room asks the same: Di removes hers.
    const left = await t.request('POST', `/api/group-learning/${roomId}/leave`, {
      token: di.token,
      body: { keepCards: false },
    });
    expect(left.status).toBe(204);
    await t.request('PUT', `/api/group-learning/${roomId}/flashcards/${card.id}`, {
      token: host.token,
      body: { version: 1, question: 'Knee joint?', answer: 'Hinge' },
    });
    expect((await queue(cy, cyDeck)).map((c) => c.question)).toEqual(['Knee?']);
    expect(await queue(di, diDeck)).toEqual([]);
    expect((await t.request('GET', `/api/group-learning/${roomId}/study`, { token: cy.token })).body).toEqual({
      deckId: null,
      deckName: null,
    });
  });

  it('a deleted room leaves its learners their cards', async () => {
    const ed = await signUp(t);
    const roomId = await roomWith('Closing', ed);
    await add(roomId, { question: 'Skull?', answer: 'Cranium' });
    const { deckId } = (await t.request('POST', `/api/group-learning/${roomId}/study`, { token: ed.token })).body;
    expect((await t.request('DELETE', `/api/group-learning/${roomId}`, { token: host.token })).status).toBe(204);
    expect((await queue(ed, deckId)).map((c) => c.question)).toEqual(['Skull?']);
  });
});
