import { describe, expect, it } from 'vitest';
import { onPostgres, signUp, type TestApp } from '../../../test/helper';
import { useTwoApps } from '../../../test/redis-apps';
import { openLobby, openRoom, pause } from '../../../test/room-client';

// Two api processes (two apps on two ports) sharing one PostgreSQL database and one Redis.
describe.runIf(onPostgres)('two api processes over Redis Streams', () => {
  let a: TestApp;
  let b: TestApp;
  const opened = useTwoApps({}, (x, y) => {
    [a, b] = [x, y];
  });

  async function enter(app: TestApp, roomId: string, token: string, reconnection = false) {
    const client = openRoom(app.url, roomId, token, reconnection);
    opened.push(client);
    expect(await client.connected).toEqual({ ok: true });
    await client.waitFor('room:state');
    return client;
  }

  it('delivers a card added through one process to a client of the other, once', async () => {
    const host = await signUp(a);
    const learner = await signUp(a);
    const room = await a.request('POST', '/api/group-learning/rooms', {
      token: host.token,
      body: { title: 'Redis', topic: 'Streams' },
    });
    await b.request('POST', `/api/group-learning/${room.body.id}/join`, { token: learner.token });
    const onB = await enter(b, room.body.id, learner.token);
    const onA = await enter(a, room.body.id, host.token);
    // The two processes find each other through adapter heartbeats.
    await onB.waitFor('presence', 2);
    expect(onB.of<{ online: unknown[] }>('presence').at(-1)?.online).toHaveLength(2);

    const added = await a.request('POST', `/api/group-learning/${room.body.id}/flashcards/add`, {
      token: host.token,
      body: { question: 'Who carries the event?', answer: 'Redis Streams' },
    });
    expect(added.status).toBe(201);
    await Promise.all([onB.waitFor('card:added'), onA.waitFor('card:added')]);
    await pause(300);
    expect(onB.of('card:added')).toEqual([{ card: added.body.card }]);
    expect(onA.of('card:added')).toEqual([{ card: added.body.card }]);

    // The learner closes their tab on B: A's client sees them go offline.
    const heardBefore = onA.of('presence').length;
    onB.socket.close();
    await onA.waitFor('presence', heardBefore + 1);
    expect(
      onA
        .of<{ online: { id: string }[] }>('presence')
        .at(-1)
        ?.online.map((m) => m.id),
    ).toEqual([host.id]);
  });

  it('ends a session on every process at once when the learner logs out on one', async () => {
    const learner = await signUp(a);
    // Each process has checked the session, and remembers it.
    expect((await a.request('GET', '/api/auth/me', { token: learner.token })).status).toBe(200);
    expect((await b.request('GET', '/api/auth/me', { token: learner.token })).status).toBe(200);
    const lobbyOnB = openLobby(b.url, learner.token);
    opened.push(lobbyOnB);
    expect(await lobbyOnB.connected).toEqual({ ok: true });
    const closedOnB = new Promise((resolve) => lobbyOnB.socket.once('disconnect', resolve));
    expect((await a.request('POST', '/api/auth/logout', { token: learner.token })).status).toBe(204);
    // B closes the session's sockets too.
    expect(await closedOnB).toBe('io server disconnect');
    // The word travels over Redis; it is there well before a learner could click again.
    await pause(150);
    const onB = await b.request('GET', '/api/auth/me', { token: learner.token });
    expect(onB).toMatchObject({ status: 401, body: { error: 'Your session has ended; sign in again' } });
  });

  it('recovers what a client of one process missed while away, from the shared stream', async () => {
    const host = await signUp(a);
    const learner = await signUp(a);
    const room = await a.request('POST', '/api/group-learning/rooms', {
      token: host.token,
      body: { title: 'Recovery', topic: 'Streams' },
    });
    const roomId = room.body.id as string;
    await a.request('POST', `/api/group-learning/${roomId}/join`, { token: learner.token });
    const onB = await enter(b, roomId, learner.token, true);
    await onB.waitFor('presence');

    const away = new Promise((resolve) => onB.socket.once('disconnect', resolve));
    onB.socket.io.engine.close();
    await away;
    const back = new Promise<void>((resolve) => onB.socket.once('connect', () => resolve()));
    const missed = await a.request('POST', `/api/group-learning/${roomId}/flashcards/add`, {
      token: host.token,
      body: { question: 'Missed?', answer: 'Replayed' },
    });
    await back;
    await onB.waitFor('card:added');
    await pause(300);
    expect(onB.socket.recovered).toBe(true);
    expect(onB.of('card:added')).toEqual([{ card: missed.body.card }]);
  });

  it('admits only members to a room namespace first opened to publish from a process', async () => {
    const host = await signUp(a);
    const learner = await signUp(a);
    const stranger = await signUp(a);
    const room = await a.request('POST', '/api/group-learning/rooms', {
      token: host.token,
      body: { title: 'Publish', topic: 'Only' },
    });
    const roomId = room.body.id as string;
    // Nobody is connected on A: the join opens the room's namespace there only to publish.
    await a.request('POST', `/api/group-learning/${roomId}/join`, { token: learner.token });
    const outsider = openRoom(a.url, roomId, stranger.token);
    opened.push(outsider);
    expect(await outsider.connected).toEqual({ ok: false, error: 'Join the room first' });
    const onA = await enter(a, roomId, learner.token);
    expect(onA.of<{ members: unknown[] }>('room:state')[0]?.members).toHaveLength(2);
    // Events published from A reach its own clients once.
    await a.request('POST', `/api/group-learning/${roomId}/flashcards/add`, {
      token: host.token,
      body: { question: 'Heard once?', answer: 'Yes' },
    });
    await onA.waitFor('card:added');
    await pause(300);
    expect(onA.of('card:added')).toHaveLength(1);
  });
});
