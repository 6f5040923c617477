import { describe, expect, it } from 'vitest';
import { signUp } from '../../../test/helper';
import { enter, host, type Learner, opened, roomWith, t, useRoomApp } from '../../../test/room-app';
import { openLobby, openRoom, pause } from '../../../test/room-client';

useRoomApp({ room: { title: 'Physics', topic: 'Waves' } });

const person = (l: Learner) => ({ id: l.id, username: l.username });
const addOverRest = (roomId: string, as: Learner, question = 'Q') =>
  t.request('POST', `/api/group-learning/${roomId}/flashcards/add`, {
    token: as.token,
    body: { question, answer: 'A' },
  });

describe('the /lobby of the room grid', () => {
  it('refuses a learner who is not signed in', async () => {
    const stranger = openLobby(t.url);
    opened.push(stranger);
    expect(await stranger.connected).toEqual({ ok: false, error: 'Sign in to continue' });
  });

  it('names the room whenever what its tile shows changes: created, joined, a card, left, deleted', async () => {
    const watcher = await signUp(t);
    const lobby = openLobby(t.url, watcher.token);
    opened.push(lobby);
    expect(await lobby.connected).toEqual({ ok: true });
    const learner = await signUp(t);
    const roomId = await roomWith();
    await t.request('POST', `/api/group-learning/${roomId}/join`, { token: learner.token });
    await addOverRest(roomId, learner);
    await t.request('POST', `/api/group-learning/${roomId}/leave`, { token: learner.token });
    await t.request('DELETE', `/api/group-learning/${roomId}`, { token: host.token });
    await lobby.waitFor('rooms:changed', 5);
    await pause(200);
    expect(lobby.of('rooms:changed')).toEqual(Array.from({ length: 5 }, () => ({ roomId })));
  });
});

describe('the /rooms/<id> handshake', () => {
  it('refuses no token, a bad token, a non-member and an unknown room', async () => {
    const roomId = await roomWith();
    const outsider = await signUp(t);
    const cases = [
      openRoom(t.url, roomId),
      openRoom(t.url, roomId, 'not-a-token'),
      openRoom(t.url, roomId, outsider.token),
      openRoom(t.url, '00000000-0000-4000-8000-000000000000', host.token),
      openRoom(t.url, 'no-such-room', host.token),
    ];
    opened.push(...cases);
    const results = await Promise.all(cases.map((c) => c.connected));
    expect(results).toEqual([
      { ok: false, error: 'Sign in to continue' },
      { ok: false, error: 'Invalid token; sign in again' },
      { ok: false, error: 'Join the room first' },
      { ok: false, error: 'Invalid namespace' },
      { ok: false, error: 'Invalid namespace' },
    ]);
  });

  it('sends room:state with members, cards and who is online', async () => {
    const learner = await signUp(t);
    const roomId = await roomWith(learner);
    const card = (await addOverRest(roomId, learner, 'Speed of sound?')).body.card;
    const client = await enter(roomId, learner);
    expect(client.of('room:state')[0]).toEqual({
      room: { id: roomId, title: 'Physics', topic: 'Waves', maxParticipants: 8, host: person(host) },
      members: [person(host), person(learner)],
      cards: [card],
      online: [person(learner)],
      game: null,
      editRule: 'edit',
      editors: [],
      suggestions: [],
      editing: [],
    });
  });
});

describe("the server's clock", () => {
  it('tells a member its time, so a countdown runs on the server clock whatever the browser says', async () => {
    const learner = await signUp(t);
    const client = await enter(await roomWith(learner), learner);
    const before = Date.now();
    const serverNow = await client.socket.timeout(2000).emitWithAck('time:sync');
    expect(serverNow).toBeGreaterThanOrEqual(before);
    expect(serverNow).toBeLessThanOrEqual(Date.now());
  });
});

describe('live events', () => {
  it('delivers a card added over REST to every connected member exactly once', async () => {
    const learner = await signUp(t);
    const roomId = await roomWith(learner);
    const [a, b] = [await enter(roomId, host), await enter(roomId, learner)];
    const { card } = (await addOverRest(roomId, learner, 'Frequency unit?')).body;
    await Promise.all([a.waitFor('card:added'), b.waitFor('card:added')]);
    await pause(200);
    expect(a.of('card:added')).toEqual([{ card }]);
    expect(b.of('card:added')).toEqual([{ card }]);
  });

  it('adds a validated card over the socket, acknowledged and broadcast once', async () => {
    const learner = await signUp(t);
    const roomId = await roomWith(learner);
    const [a, b] = [await enter(roomId, host), await enter(roomId, learner)];
    const bad = await b.socket.emitWithAck('card:add', { question: ' ', answer: 'A' });
    expect(bad).toEqual({ error: 'Please fill question & answer' });
    const nul = await b.socket.emitWithAck('card:add', { question: 'Q\0', answer: 'A' });
    expect(nul).toEqual({ error: 'Text cannot contain the NUL character' });
    const good = await b.socket.emitWithAck('card:add', { question: 'Wavelength?', answer: 'λ' });
    expect(good).toEqual({
      card: {
        id: expect.any(String),
        question: 'Wavelength?',
        answer: 'λ',
        kind: 'basic',
        format: 'text',
        tags: [],
        version: 1,
        authorId: learner.id,
      },
    });
    await Promise.all([a.waitFor('card:added'), b.waitFor('card:added')]);
    await pause(200);
    expect(a.of('card:added')).toHaveLength(1);
    expect(b.of('card:added')).toHaveLength(1);
    const detail = await t.request('GET', `/api/group-learning/${roomId}`, { token: host.token });
    expect(detail.body.cards).toHaveLength(1);
  });

  it('announces joins, leaves and presence, and closes the socket of a member who left', async () => {
    const learner = await signUp(t);
    const roomId = await roomWith();
    const a = await enter(roomId, host);
    await t.request('POST', `/api/group-learning/${roomId}/join`, { token: learner.token });
    await a.waitFor('member:joined');
    expect(a.of('member:joined')).toEqual([{ member: person(learner) }]);

    const b = await enter(roomId, learner);
    await a.waitFor('presence', 2);
    expect(a.of('presence').at(-1)).toEqual({ online: [person(host), person(learner)].sort(byName) });

    const closed = new Promise((resolve) => b.socket.once('disconnect', resolve));
    await t.request('POST', `/api/group-learning/${roomId}/leave`, { token: learner.token });
    await a.waitFor('member:left');
    expect(a.of('member:left')).toEqual([{ member: person(learner) }]);
    await closed;
    await a.waitFor('presence', 3);
    expect(a.of('presence').at(-1)).toEqual({ online: [person(host)] });
  });

  it('closes the sockets of a session that logs out, and only those, in the room and the lobby', async () => {
    const learner = await signUp(t);
    const otherTab = await t.request('POST', '/api/auth/login', {
      body: { email: learner.email, password: learner.password },
    });
    const roomId = await roomWith(learner);
    const ended = await enter(roomId, learner);
    const lobby = openLobby(t.url, learner.token);
    opened.push(lobby);
    expect(await lobby.connected).toEqual({ ok: true });
    const kept = await enter(roomId, { ...learner, token: otherTab.body.token });
    const reasons = Promise.all(
      [ended, lobby].map((c) => new Promise((resolve) => c.socket.once('disconnect', resolve))),
    );
    expect((await t.request('POST', '/api/auth/logout', { token: learner.token })).status).toBe(204);
    expect(await reasons).toEqual(['io server disconnect', 'io server disconnect']);
    await pause(100);
    expect(kept.socket.connected).toBe(true);
    // Coming back with the ended token is refused.
    const again = openRoom(t.url, roomId, learner.token);
    opened.push(again);
    expect(await again.connected).toEqual({ ok: false, error: 'Your session has ended; sign in again' });
  });

  it('tells members when a card is removed and when the room is deleted', async () => {
    const learner = await signUp(t);
    const roomId = await roomWith(learner);
    const b = await enter(roomId, learner);
    const { card } = (await addOverRest(roomId, learner)).body;
    await t.request('DELETE', `/api/group-learning/${roomId}/flashcards/${card.id}`, { token: host.token });
    await b.waitFor('card:removed');
    expect(b.of('card:removed')).toEqual([{ cardId: card.id }]);
    await t.request('DELETE', `/api/group-learning/${roomId}`, { token: host.token });
    await b.waitFor('room:deleted');
    expect(b.of('room:deleted')).toEqual([{ roomId }]);
  });

  it('replays what a dropped connection missed on reconnect, without duplicates', async () => {
    const learner = await signUp(t);
    const roomId = await roomWith(learner);
    await enter(roomId, host); // keeps the namespace, and its session store, alive
    const b = await enter(roomId, learner, true);
    await b.waitFor('presence');
    const before = await addOverRest(roomId, host, 'before');
    await b.waitFor('card:added');

    const away = new Promise((resolve) => b.socket.once('disconnect', resolve));
    b.socket.io.engine.close(); // the network drops; the client will reconnect by itself
    await away;
    const back = new Promise<void>((resolve) => b.socket.once('connect', () => resolve()));
    const missed = await addOverRest(roomId, host, 'while away');
    expect(b.socket.connected).toBe(false);
    await back;
    await b.waitFor('card:added', 2);
    await pause(300);

    expect(b.socket.recovered).toBe(true);
    expect(b.of('card:added')).toEqual([{ card: before.body.card }, { card: missed.body.card }]);
    expect(b.of('room:state')).toHaveLength(1);
  });
});

const byName = (x: { username: string }, y: { username: string }) => x.username.localeCompare(y.username);
