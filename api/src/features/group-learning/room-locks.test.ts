import { describe, expect, it } from 'vitest';
import { signUp } from '../../../test/helper';
import { enter, host, t, useRoomApp } from '../../../test/room-app';

// "Ana is editing" (issue 24): soft locks that warn a second editor and expire.

// A short idle period, so expiry is seen within a test (60 s in production).
useRoomApp({ env: { ROOM_EDIT_LOCK_IDLE_MS: '400' } });

describe('who is editing which card', () => {
  it('tells the room, warns a second editor without blocking them, and releases on leave or when idle', async () => {
    const ana = await signUp(t);
    const room = await t.request('POST', '/api/group-learning/rooms', {
      token: host.token,
      body: { title: 'Locks', topic: 'Soft' },
    });
    const roomId = room.body.id as string;
    await t.request('POST', `/api/group-learning/${roomId}/join`, { token: ana.token });
    const card = (
      await t.request('POST', `/api/group-learning/${roomId}/flashcards/add`, {
        token: host.token,
        body: { question: 'Q', answer: 'A' },
      })
    ).body.card;
    const [h, a] = [await enter(roomId, host), await enter(roomId, ana)];
    const anaMember = { id: ana.id, username: ana.username };

    expect(await a.socket.emitWithAck('card:editing', { cardId: card.id })).toEqual({ editing: [] });
    await h.waitFor('card:editing');
    expect(h.of('card:editing')).toEqual([{ cardId: card.id, member: anaMember }]);
    // A learner who arrives now sees the lock in the room's state.
    const late = await enter(roomId, host);
    expect(late.of<{ editing: unknown[] }>('room:state')[0]?.editing).toEqual([{ cardId: card.id, member: anaMember }]);

    // The host is warned that Ana is editing, and may go on.
    expect(await h.socket.emitWithAck('card:editing', { cardId: card.id })).toEqual({ editing: [anaMember] });
    const saved = await new Promise((resolve) =>
      h.socket.emit('card:edit', { cardId: card.id, version: 1, question: 'Q', answer: 'Host' }, resolve),
    );
    expect(saved).toMatchObject({ card: { answer: 'Host', version: 2 } });

    // Keystrokes keep the lock; silence lets it go.
    await a.socket.emitWithAck('card:editing', { cardId: card.id });
    await h.waitFor('card:editing:stopped', 2, 3000);
    expect(h.of('card:editing:stopped')).toContainEqual({ cardId: card.id, member: anaMember });

    // Leaving releases at once.
    await a.socket.emitWithAck('card:editing', { cardId: card.id });
    const before = h.of('card:editing:stopped').length;
    a.socket.close();
    await h.waitFor('card:editing:stopped', before + 1);
    expect(h.of('card:editing:stopped').at(-1)).toEqual({ cardId: card.id, member: anaMember });
  });
});
