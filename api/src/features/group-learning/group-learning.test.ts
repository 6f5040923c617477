import { describe, expect, it } from 'vitest';
import { signUp, startApp } from '../../../test/helper';
import { host, type Learner, t, useRoomApp } from '../../../test/room-app';

useRoomApp();

const createRoom = async (body: Record<string, unknown> = {}, as: Learner = host) => {
  const res = await t.request('POST', '/api/group-learning/rooms', {
    token: as.token,
    body: { title: 'Biology', topic: 'Cells', ...body },
  });
  expect(res.status).toBe(201);
  return res.body;
};
const join = (roomId: string, as: Learner) =>
  t.request('POST', `/api/group-learning/${roomId}/join`, {
    token: as.token,
    body: { guestId: 'guest_abc', username: 'guest_abc123' },
  });
const addCard = (roomId: string, as: Learner, body: unknown = { question: 'Q?', answer: 'A.' }) =>
  t.request('POST', `/api/group-learning/${roomId}/flashcards/add`, { token: as.token, body });

describe('creating and listing rooms', () => {
  it('answers 201 with the creator as host and first member, 8 seats by default', async () => {
    const room = await createRoom({ title: '  Biology ', topic: ' Cells ' });
    expect(room).toMatchObject({
      title: 'Biology',
      topic: 'Cells',
      maxParticipants: 8,
      host: { id: host.id, username: host.username },
      participants: [{ id: host.id, username: host.username }],
      cardCount: 0,
    });
  });

  it('lists rooms with participants, host and card count', async () => {
    const room = await createRoom({ title: 'Listed', maxParticipants: 3 });
    await addCard(room.id, host);
    const res = await t.request('GET', '/api/group-learning/rooms', { token: host.token });
    expect(res.status).toBe(200);
    expect(res.body.find((r: { id: string }) => r.id === room.id)).toEqual({
      id: room.id,
      title: 'Listed',
      topic: 'Cells',
      participants: [{ id: host.id, username: host.username }],
      maxParticipants: 3,
      host: { id: host.id, username: host.username },
      cardCount: 1,
      liveQuiz: false,
    });
  });

  it.each([
    ['no title', { topic: 'x', title: undefined }, 'Please enter title and subject'],
    ['a blank subject', { topic: '   ' }, 'Please enter title and subject'],
    ['one seat', { maxParticipants: 1 }, 'A room holds at least 2 learners'],
    ['51 seats', { maxParticipants: 51 }, 'A room holds at most 50 learners'],
  ])('refuses %s with 400', async (_label, patch, error) => {
    const res = await t.request('POST', '/api/group-learning/rooms', {
      token: host.token,
      body: { title: 'T', topic: 'S', ...patch },
    });
    expect(res).toMatchObject({ status: 400, body: { error } });
  });

  it('needs sign-in', async () => {
    expect((await t.request('GET', '/api/group-learning/rooms')).status).toBe(401);
  });
});

describe('joining and leaving', () => {
  it('lets a learner join as themselves whatever guest fields are sent, and joining twice is harmless', async () => {
    const room = await createRoom();
    const learner = await signUp(t);
    const first = await join(room.id, learner);
    expect(first.status).toBe(200);
    expect(first.body.participants).toEqual([
      { id: host.id, username: host.username },
      { id: learner.id, username: learner.username },
    ]);
    const again = await join(room.id, learner);
    expect(again.status).toBe(200);
    expect(again.body.participants).toHaveLength(2);
  });

  it('answers 409 "Room is full" past capacity', async () => {
    const room = await createRoom({ maxParticipants: 2 });
    expect((await join(room.id, await signUp(t))).status).toBe(200);
    expect(await join(room.id, await signUp(t))).toMatchObject({ status: 409, body: { error: 'Room is full' } });
  });

  it('fills the last seat once when two learners race for it', async () => {
    const room = await createRoom({ maxParticipants: 2 });
    const [a, b] = [await signUp(t), await signUp(t)];
    const statuses = (await Promise.all([join(room.id, a), join(room.id, b)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
  });

  it('removes a learner on leave, and frees the seat', async () => {
    const room = await createRoom({ maxParticipants: 2 });
    const learner = await signUp(t);
    await join(room.id, learner);
    const left = await t.request('POST', `/api/group-learning/${room.id}/leave`, { token: learner.token });
    expect(left.status).toBe(204);
    const detail = await t.request('GET', `/api/group-learning/${room.id}`, { token: host.token });
    expect(detail.body.participants).toEqual([{ id: host.id, username: host.username }]);
    expect((await join(room.id, await signUp(t))).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed room', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await join(unknown, host)).toMatchObject({ status: 404, body: { error: 'Room not found' } });
    expect((await t.request('GET', `/api/group-learning/${unknown}`, { token: host.token })).status).toBe(404);
    expect((await t.request('GET', '/api/group-learning/not-a-room', { token: host.token })).status).toBe(404);
    expect((await addCard(unknown, host)).status).toBe(404);
  });
});

describe('room cards', () => {
  it('adds a card for a member: 201 {card}, then in the room detail', async () => {
    const room = await createRoom();
    const res = await addCard(room.id, host, { question: ' What is ATP? ', answer: 'Energy' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      card: {
        id: expect.any(String),
        question: 'What is ATP?',
        answer: 'Energy',
        kind: 'basic',
        format: 'text',
        tags: [],
        version: 1,
        authorId: host.id,
      },
    });
    const detail = await t.request('GET', `/api/group-learning/${room.id}`, { token: host.token });
    expect(detail.body).toMatchObject({ id: room.id, title: 'Biology', topic: 'Cells', cards: [res.body.card] });
  });

  it('shows a non-member the room without its cards, and the cards once they join', async () => {
    const room = await createRoom();
    const card = (await addCard(room.id, host, { question: 'Members only?', answer: 'Yes' })).body.card;
    const visitor = await signUp(t);
    const seen = await t.request('GET', `/api/group-learning/${room.id}`, { token: visitor.token });
    expect(seen).toMatchObject({ status: 200, body: { id: room.id, title: 'Biology', cards: [] } });
    expect(seen.body.participants).toEqual([{ id: host.id, username: host.username }]);
    expect(JSON.stringify(seen.body)).not.toContain('Members only?');

    const joined = await join(room.id, visitor);
    expect(joined.body.cards).toEqual([card]);
    const again = await t.request('GET', `/api/group-learning/${room.id}`, { token: visitor.token });
    expect(again.body.cards).toEqual([card]);
  });

  it('answers 403 to a learner who is not a member', async () => {
    const room = await createRoom();
    expect(await addCard(room.id, await signUp(t))).toMatchObject({
      status: 403,
      body: { error: 'Join the room to add cards' },
    });
  });

  it.each([
    ['no answer', { question: 'Q' }],
    ['a blank question', { question: ' ', answer: 'A' }],
  ])('refuses %s with "Please fill question & answer"', async (_label, body) => {
    const room = await createRoom();
    expect(await addCard(room.id, host, body)).toMatchObject({
      status: 400,
      body: { error: 'Please fill question & answer' },
    });
  });

  it('lets the host remove any card, but not another member', async () => {
    const room = await createRoom();
    const learner = await signUp(t);
    await join(room.id, learner);
    const card = (await addCard(room.id, learner)).body.card;
    const other = await signUp(t);
    await join(room.id, other);
    const path = `/api/group-learning/${room.id}/flashcards/${card.id}`;
    expect((await t.request('DELETE', path, { token: other.token })).status).toBe(403);
    expect((await t.request('DELETE', path, { token: host.token })).status).toBe(204);
    expect((await t.request('DELETE', path, { token: host.token })).status).toBe(404);
  });
});

describe('host actions', () => {
  it('lets the host rename and delete the room; others get 403', async () => {
    const room = await createRoom();
    const learner = await signUp(t);
    await join(room.id, learner);
    const path = `/api/group-learning/${room.id}`;
    const rename = { title: 'Chemistry', topic: 'Bonds' };
    expect((await t.request('PATCH', path, { token: learner.token, body: rename })).status).toBe(403);
    const renamed = await t.request('PATCH', path, { token: host.token, body: rename });
    expect(renamed).toMatchObject({ status: 200, body: rename });
    expect((await t.request('DELETE', path, { token: learner.token })).status).toBe(403);
    expect((await t.request('DELETE', path, { token: host.token })).status).toBe(204);
    expect((await t.request('GET', path, { token: host.token })).status).toBe(404);
  });
});

describe('rate limit', () => {
  it('answers 429 past the per-minute budget of card adds', async () => {
    const limited = await startApp({ ROOM_CARDS_PER_MINUTE: '2' });
    try {
      const me = await signUp(limited);
      const room = await limited.request('POST', '/api/group-learning/rooms', {
        token: me.token,
        body: { title: 'T', topic: 'S' },
      });
      const add = () =>
        limited.request('POST', `/api/group-learning/${room.body.id}/flashcards/add`, {
          token: me.token,
          body: { question: 'Q', answer: 'A' },
        });
      expect([(await add()).status, (await add()).status]).toEqual([201, 201]);
      const refused = await add();
      expect(refused).toMatchObject({
        status: 429,
        body: { error: 'Too many cards at once; wait a minute and try again' },
      });
      // Within the minute: a client knows when to try again.
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    } finally {
      await limited.close();
    }
  });
});
