import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { onPostgres, signUp, type TestApp } from '../../test/helper';
import { useTwoApps } from '../../test/redis-apps';
import { openRoom } from '../../test/room-client';

// Two api processes (two apps on two ports) on one PostgreSQL database and one Redis.
describe.runIf(onPostgres)('rate limits with two api processes sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  useTwoApps({ AUTH_RATE_LIMIT_PER_MINUTE: '4', ROOM_CARDS_PER_MINUTE: '3' }, (x, y) => {
    [a, b] = [x, y];
  });

  it('hold one client to the login limit across both processes, with Retry-After', async () => {
    const body = { email: `nobody.${randomUUID()}@example.com`, password: 'wrong password' };
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await (i % 2 ? b : a).request('POST', '/api/auth/login', { body });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body).toEqual({ error: expect.any(String) });
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
    }
    // Four tries in the minute, wherever they land; per process it would have been eight.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('hold one learner to the room-card limit across both processes and both transports', async () => {
    const me = await signUp(a);
    const room = await a.request('POST', '/api/group-learning/rooms', {
      token: me.token,
      body: { title: 'Limits', topic: 'Redis' },
    });
    const card = { question: 'Q', answer: 'A' };
    const addOver = (t: TestApp) =>
      t.request('POST', `/api/group-learning/${room.body.id}/flashcards/add`, { token: me.token, body: card });
    expect((await addOver(a)).status).toBe(201);
    expect((await addOver(b)).status).toBe(201);

    const client = openRoom(b.url, room.body.id, me.token);
    try {
      expect(await client.connected).toEqual({ ok: true });
      const overSocket = await client.socket.emitWithAck('card:add', card);
      expect(overSocket).toMatchObject({ card: { question: 'Q' } });
      const refusedOverSocket = await client.socket.emitWithAck('card:add', card);
      expect(refusedOverSocket).toEqual({ error: 'Too many cards at once; wait a minute and try again' });
    } finally {
      client.socket.close();
    }
    const refused = await addOver(a);
    expect(refused).toMatchObject({
      status: 429,
      body: { error: 'Too many cards at once; wait a minute and try again' },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
