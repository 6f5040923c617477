import { insertCards } from '@learnboost/db';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../../test/helper';
import { host, type Learner, opened, roomWith, t, useRoomApp } from '../../../test/room-app';
import { openRoom } from '../../../test/room-client';
import type { TRoomCard } from '../../contract';

// Cards in and out of the room deck (issue 24).

useRoomApp({ room: { title: 'Copy', topic: 'In' } });

async function deckOf(learner: Learner, name: string) {
  return (await t.request('POST', '/api/decks', { token: learner.token, body: { name } })).body.id as string;
}
const copy = (roomId: string, as: Learner, deckId: string) =>
  t.request('POST', `/api/group-learning/${roomId}/copy-deck`, { token: as.token, body: { deckId } });

describe('copying one of my decks into the room deck', () => {
  it('brings its cards in once each (a cloze text once), live in one event, and logs it', async () => {
    const ana = await signUp(t);
    const roomId = await roomWith(ana);
    const deckId = await deckOf(ana, 'Bones');
    await t.request('POST', '/api/flashcards', {
      token: ana.token,
      body: { question: 'Femur?', answer: 'Thigh', deckId },
    });
    await t.request('POST', '/api/flashcards', {
      token: ana.token,
      body: { kind: 'cloze', question: '{{c1::Tibia}} and {{c2::fibula}}', deckId },
    });
    const watcher = openRoom(t.url, roomId, host.token);
    opened.push(watcher);
    await watcher.connected;
    await watcher.waitFor('room:state');
    const res = await copy(roomId, ana, deckId);
    expect(res.status).toBe(201);
    expect(res.body.cards.map((c: TRoomCard) => [c.kind, c.question])).toEqual([
      ['basic', 'Femur?'],
      ['cloze', '{{c1::Tibia}} and {{c2::fibula}}'],
    ]);
    await watcher.waitFor('cards:added');
    expect(watcher.of('cards:added')).toEqual([{ cards: res.body.cards }]);
    const log = await t.request('GET', `/api/group-learning/${roomId}/activity`, { token: ana.token });
    expect(log.body[0]).toMatchObject({ action: 'copied', question: 'Bones', count: 2, member: { id: ana.id } });
  });

  it("answers 404 for another learner's deck, 403 under Host only, and 413 past 2,000 cards", async () => {
    const ana = await signUp(t);
    const roomId = await roomWith(ana);
    const hostDeck = await deckOf(host, 'Mine');
    expect(await copy(roomId, ana, hostDeck)).toMatchObject({ status: 404, body: { error: 'Deck not found' } });
    const big = await deckOf(ana, 'Big');
    await insertCards(
      t.db.db,
      Array.from({ length: 2001 }, (_, i) => ({ userId: ana.id, deckId: big, question: `Q${i}`, answer: 'A' })),
    );
    expect(await copy(roomId, ana, big)).toMatchObject({
      status: 413,
      body: { error: 'A deck of up to 2,000 cards can be copied into a room' },
    });
    await t.request('PUT', `/api/group-learning/${roomId}/edit-rule`, {
      token: host.token,
      body: { editRule: 'host' },
    });
    expect(await copy(roomId, ana, big)).toMatchObject({
      status: 403,
      body: { error: 'In this room only the host and editors change cards' },
    });
  });
});

describe('exporting the room deck', () => {
  it('gives members an .apkg of its cards; others 403', async () => {
    const ana = await signUp(t);
    const roomId = await roomWith(ana);
    await t.request('POST', `/api/group-learning/${roomId}/flashcards/add`, {
      token: ana.token,
      body: { kind: 'cloze', question: 'The {{c1::heart}} pumps', tags: ['organs'] },
    });
    const res = await fetch(`${t.url}/api/group-learning/${roomId}/export.apkg`, {
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['media']));
    expect(Object.keys(files).some((name) => name.startsWith('collection.anki2'))).toBe(true);
    const outsider = await signUp(t);
    const refused = await t.request('GET', `/api/group-learning/${roomId}/export.apkg`, { token: outsider.token });
    expect(refused).toMatchObject({ status: 403, body: { error: 'Join the room to export its deck' } });
  });
});
