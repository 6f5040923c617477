import { insertMedia } from '@learnboost/db';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PNG_1PX } from '../../../test/fixtures/anki/build-apkg';
import { signUp } from '../../../test/helper';
import { host, type Learner, roomWith, t, useRoomApp } from '../../../test/room-app';

// Room media (issue 24): images stored as the room's, for its members only, carried into the
// .apkg, into a learner's own cards and in from a personal deck.

useRoomApp({ room: { title: 'Media', topic: 'Images' } });

const upload = (roomId: string, as: Learner, bytes: Uint8Array<ArrayBuffer>, type = 'image/png') =>
  fetch(`${t.url}/api/group-learning/${roomId}/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${as.token}`, 'content-type': type },
    body: bytes,
  }).then(async (res) => ({ status: res.status, body: await res.json() }));

const download = (path: string, as: Learner) =>
  fetch(`${t.url}/api${path}`, { headers: { authorization: `Bearer ${as.token}` } }).then(async (res) => ({
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: new Uint8Array(await res.arrayBuffer()),
  }));

const addHtmlCard = (roomId: string, as: Learner, name: string) =>
  t.request('POST', `/api/group-learning/${roomId}/flashcards/add`, {
    token: as.token,
    body: { question: `<p>Which cell?</p><img src="${name}" alt="cell">`, answer: 'A neuron', format: 'html' },
  });

describe('room media', () => {
  it('stores an image once by its bytes, shows it to members only (others 404), and refuses what is not an image', async () => {
    const ana = await signUp(t);
    const roomId = await roomWith(ana);
    const first = await upload(roomId, ana, PNG_1PX);
    expect(first).toMatchObject({ status: 201, body: { mime: 'image/png', size: PNG_1PX.length } });
    const { name } = first.body as { name: string };
    expect(name).toMatch(/^room-[0-9a-f]{32}\.png$/);
    // The same bytes again (a retry, or another member): the same image, nothing stored twice.
    expect(await upload(roomId, host, PNG_1PX)).toMatchObject({ status: 201, body: { name } });

    const seen = await download(`/group-learning/${roomId}/media/${name}`, host);
    expect(seen).toMatchObject({ status: 200, type: 'image/png' });
    expect(Buffer.from(seen.bytes).equals(Buffer.from(PNG_1PX))).toBe(true);

    const outsider = await signUp(t);
    expect((await download(`/group-learning/${roomId}/media/${name}`, outsider)).status).toBe(404);
    expect((await download(`/media/${name}`, outsider)).status).toBe(404);
    expect(await upload(roomId, outsider, PNG_1PX)).toMatchObject({
      status: 403,
      body: { error: 'Join the room to add images' },
    });
    // Another room's member does not see it through their own room either.
    const otherRoom = await roomWith(outsider);
    expect((await download(`/group-learning/${otherRoom}/media/${name}`, outsider)).status).toBe(404);

    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await upload(roomId, ana, svg, 'image/svg+xml')).toMatchObject({
      status: 415,
      body: { error: 'Images must be PNG, JPEG, GIF or WebP' },
    });
    expect(await upload(roomId, ana, PNG_1PX, 'application/octet-stream')).toMatchObject({
      status: 415,
      body: { error: 'Images must be PNG, JPEG, GIF or WebP' },
    });
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG_1PX);
    expect(await upload(roomId, ana, big)).toMatchObject({
      status: 413,
      body: { error: 'An image can be up to 2 MB' },
    });
    expect(
      (await download(`/group-learning/${roomId}/media/room-00000000000000000000000000000000.png`, ana)).status,
    ).toBe(404);
  });

  it('goes into the .apkg with the cards that show it', async () => {
    const ana = await signUp(t);
    const roomId = await roomWith(ana);
    const { name } = (await upload(roomId, ana, PNG_1PX)).body as { name: string };
    expect((await addHtmlCard(roomId, ana, name)).status).toBe(201);
    const res = await fetch(`${t.url}/api/group-learning/${roomId}/export.apkg`, {
      headers: { authorization: `Bearer ${ana.token}` },
    });
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const list = JSON.parse(new TextDecoder().decode(files.media)) as Record<string, string>;
    const [entry] = Object.entries(list);
    expect(entry?.[1]).toBe(name);
    expect(Buffer.from(files[entry?.[0] ?? ''] ?? []).equals(Buffer.from(PNG_1PX))).toBe(true);
  });

  it("shows on a studying learner's Flashcards screen, and stays theirs when they keep the cards and leave", async () => {
    const ana = await signUp(t);
    const roomId = await roomWith(ana);
    const { name } = (await upload(roomId, host, PNG_1PX)).body as { name: string };
    await addHtmlCard(roomId, host, name);
    await t.request('POST', `/api/group-learning/${roomId}/study`, { token: ana.token });
    // The study card reads the room's text, whose image is the room's: a member sees it.
    expect((await download(`/media/${name}`, ana)).status).toBe(200);
    const left = await t.request('POST', `/api/group-learning/${roomId}/leave`, {
      token: ana.token,
      body: { keepCards: true },
    });
    expect(left.status).toBe(204);
    const kept = await t.request('GET', '/api/flashcards', { token: ana.token });
    expect(JSON.stringify(kept.body)).toContain(name);
    const own = await download(`/media/${name}`, ana);
    expect(own.status).toBe(200);
    expect(Buffer.from(own.bytes).equals(Buffer.from(PNG_1PX))).toBe(true);
  });

  it('comes in with a personal deck copied into the room, under its room name', async () => {
    const ana = await signUp(t);
    const roomId = await roomWith(ana);
    const deckId = (await t.request('POST', '/api/decks', { token: ana.token, body: { name: 'Cells' } })).body
      .id as string;
    await insertMedia(t.db.db, [
      { userId: ana.id, name: 'neuron.png', mime: 'image/png', bytes: PNG_1PX, size: PNG_1PX.length },
    ]);
    await t.request('POST', '/api/flashcards', {
      token: ana.token,
      body: { question: 'Which cell? <img src="neuron.png">', answer: 'A neuron', deckId },
    });
    const copied = await t.request('POST', `/api/group-learning/${roomId}/copy-deck`, {
      token: ana.token,
      body: { deckId },
    });
    expect(copied.status).toBe(201);
    const question = copied.body.cards[0].question as string;
    const roomName = /src="(room-[0-9a-f]{32}\.png)"/.exec(question)?.[1];
    expect(roomName).toBeDefined();
    const seen = await download(`/group-learning/${roomId}/media/${roomName}`, host);
    expect(seen.status).toBe(200);
    expect(Buffer.from(seen.bytes).equals(Buffer.from(PNG_1PX))).toBe(true);
  });
});
