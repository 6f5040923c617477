import { describe, expect, it } from 'vitest';
import { signUp } from '../../../test/helper';
import { enter, host, type Learner, roomWith, t, useRoomApp } from '../../../test/room-app';
import { pause } from '../../../test/room-client';
import type { TRoomCard } from '../../contract';

// The room deck (issue 24): cards of every kind, edits against a version, the edit rules and roles.

useRoomApp({ room: { title: 'Anatomy', topic: 'Bones' } });

const add = (roomId: string, as: Learner, body: object = { question: 'Femur?', answer: 'Thigh bone' }) =>
  t.request('POST', `/api/group-learning/${roomId}/flashcards/add`, { token: as.token, body });
const edit = (roomId: string, as: Learner, card: { id: string; version: number }, body: object) =>
  t.request('PUT', `/api/group-learning/${roomId}/flashcards/${card.id}`, {
    token: as.token,
    body: { version: card.version, ...body },
  });
const setRule = (roomId: string, as: Learner, editRule: string) =>
  t.request('PUT', `/api/group-learning/${roomId}/edit-rule`, { token: as.token, body: { editRule } });

describe('cards of the room deck', () => {
  it('takes Basic and Cloze cards with tags, sanitises HTML, and refuses a cloze text without deletions', async () => {
    const roomId = await roomWith();
    const cloze = await add(roomId, host, {
      kind: 'cloze',
      question: 'The {{c1::femur}} is the longest bone',
      tags: ['legs', 'legs'],
    });
    expect(cloze).toMatchObject({ status: 201, body: { card: { kind: 'cloze', tags: ['legs'], version: 1 } } });
    const html = await add(roomId, host, {
      format: 'html',
      question: '<b>Tibia</b><script>alert(1)</script><img src="https://evil.test/x.png">',
      answer: 'Shin <img src="bone.png">',
    });
    expect(html.body.card).toMatchObject({
      format: 'html',
      question: '<b>Tibia</b>',
      answer: 'Shin <img src="bone.png" />',
    });
    const bad = await add(roomId, host, { kind: 'cloze', question: 'No deletion here' });
    expect(bad).toMatchObject({ status: 400, body: { error: expect.stringContaining('{{c1::answer}}') } });
  });
});

describe('editing a card', () => {
  it('saves against the version, broadcasts card:updated, and answers 409 with the card as it is now', async () => {
    const learner = await signUp(t);
    const roomId = await roomWith(learner);
    const watcher = await enter(roomId, host);
    const card = (await add(roomId, learner)).body.card as TRoomCard;
    const saved = await edit(roomId, host, card, { question: 'Femur?', answer: 'The thigh bone' });
    expect(saved).toMatchObject({ status: 200, body: { card: { id: card.id, answer: 'The thigh bone', version: 2 } } });
    await watcher.waitFor('card:updated');
    expect(watcher.of('card:updated')).toEqual([{ card: saved.body.card }]);

    // The learner still holds version 1: nothing is overwritten.
    const stale = await edit(roomId, learner, card, { question: 'Femur?', answer: 'Leg' });
    expect(stale).toEqual(
      expect.objectContaining({
        status: 409,
        body: { error: 'Someone changed this card since you opened it', code: 'stale_card', card: saved.body.card },
      }),
    );
  });

  it("answers 404 for another room's card and 403 for a learner who is not a member", async () => {
    const learner = await signUp(t);
    const roomId = await roomWith(learner);
    const otherRoom = await roomWith();
    const card = (await add(otherRoom, host)).body.card as TRoomCard;
    expect(await edit(roomId, learner, card, { question: 'Q', answer: 'A' })).toMatchObject({
      status: 404,
      body: { error: 'Card not found' },
    });
    const outsider = await signUp(t);
    expect(await edit(otherRoom, outsider, card, { question: 'Q', answer: 'A' })).toMatchObject({
      status: 403,
      body: { error: 'Join the room to change its cards' },
    });
    const del = await t.request('DELETE', `/api/group-learning/${roomId}/flashcards/${card.id}`, { token: host.token });
    expect(del.status).toBe(404);
  });

  it('lets exactly one of two members saving the same card at once win; the other hears 409', async () => {
    const [ana, ben] = [await signUp(t), await signUp(t)];
    const roomId = await roomWith(ana, ben);
    const card = (await add(roomId, ana)).body.card as TRoomCard;
    const [a, b] = [await enter(roomId, ana), await enter(roomId, ben)];
    const body = (answer: string) => ({ cardId: card.id, version: card.version, question: card.question, answer });
    const acks = await Promise.all([
      a.socket.emitWithAck('card:edit', body('Ana wrote this')),
      b.socket.emitWithAck('card:edit', body('Ben wrote this')),
    ]);
    const won = acks.filter((x) => 'card' in x && !('error' in x));
    const lost = acks.filter((x) => 'error' in x);
    expect(won).toHaveLength(1);
    expect(lost).toEqual([
      {
        error: 'Someone changed this card since you opened it',
        code: 'stale_card',
        card: (won[0] as { card: TRoomCard }).card,
      },
    ]);
    await Promise.all([a.waitFor('card:updated'), b.waitFor('card:updated')]);
    await pause(150);
    expect(a.of('card:updated')).toHaveLength(1);
    const detail = await t.request('GET', `/api/group-learning/${roomId}`, { token: ana.token });
    expect(detail.body.cards).toEqual([(won[0] as { card: TRoomCard }).card]);
  });

  it('deletes over the socket, broadcast as card:removed', async () => {
    const learner = await signUp(t);
    const roomId = await roomWith(learner);
    const card = (await add(roomId, learner)).body.card as TRoomCard;
    const [a, b] = [await enter(roomId, host), await enter(roomId, learner)];
    expect(await b.socket.emitWithAck('card:remove', { cardId: card.id })).toEqual({});
    await a.waitFor('card:removed');
    expect(a.of('card:removed')).toEqual([{ cardId: card.id }]);
    expect(await a.socket.emitWithAck('card:remove', { cardId: card.id })).toEqual({ error: 'Card not found' });
  });
});

describe('edit rules and roles', () => {
  it('"Host only": a member gets 403 with a sentence, until the host makes them an editor', async () => {
    const learner = await signUp(t);
    const roomId = await roomWith(learner);
    const card = (await add(roomId, host)).body.card as TRoomCard;
    expect(await setRule(roomId, learner, 'host')).toMatchObject({
      status: 403,
      body: { error: 'Only the host can do that' },
    });
    expect(await setRule(roomId, host, 'host')).toMatchObject({ status: 200, body: { editRule: 'host', editors: [] } });
    const refused = 'In this room only the host and editors change cards';
    expect(await add(roomId, learner)).toMatchObject({ status: 403, body: { error: refused } });
    expect(await edit(roomId, learner, card, { question: 'Q', answer: 'A' })).toMatchObject({
      status: 403,
      body: { error: refused },
    });

    const watcher = await enter(roomId, learner);
    const role = await t.request('PUT', `/api/group-learning/${roomId}/members/${learner.id}/role`, {
      token: host.token,
      body: { role: 'editor' },
    });
    expect(role).toMatchObject({ status: 200, body: { editRule: 'host', editors: [learner.id] } });
    await watcher.waitFor('deck:rules');
    expect(watcher.of('deck:rules')).toEqual([{ editRule: 'host', editors: [learner.id] }]);
    expect((await edit(roomId, learner, card, { question: 'Q', answer: 'A' })).status).toBe(200);
    const stranger = await signUp(t);
    const notMember = await t.request('PUT', `/api/group-learning/${roomId}/members/${stranger.id}/role`, {
      token: host.token,
      body: { role: 'editor' },
    });
    expect(notMember).toMatchObject({ status: 404, body: { error: 'Member not found' } });
  });

  it('"Members edit" (the default): members edit any card but delete only their own', async () => {
    const [ana, ben] = [await signUp(t), await signUp(t)];
    const roomId = await roomWith(ana, ben);
    const card = (await add(roomId, ana)).body.card as TRoomCard;
    expect((await edit(roomId, ben, card, { question: 'Q', answer: 'A' })).status).toBe(200);
    const del = await t.request('DELETE', `/api/group-learning/${roomId}/flashcards/${card.id}`, { token: ben.token });
    expect(del).toMatchObject({
      status: 403,
      body: { error: "Only the host, an editor or the card's author can delete it" },
    });
  });

  it('"Members suggest": changes wait for the host or an editor, who accept or reject them live', async () => {
    const [ana, eve] = [await signUp(t), await signUp(t)];
    const roomId = await roomWith(ana, eve);
    const card = (await add(roomId, host)).body.card as TRoomCard;
    await setRule(roomId, host, 'suggest');
    const watcher = await enter(roomId, ana);

    const suggestedAdd = await add(roomId, ana, { question: 'Patella?', answer: 'Kneecap' });
    expect(suggestedAdd).toMatchObject({
      status: 202,
      body: { suggestion: { action: 'add', question: 'Patella?', status: 'pending', author: { id: ana.id } } },
    });
    const suggestedEdit = await edit(roomId, ana, card, { question: 'Femur?', answer: 'Longest bone' });
    expect(suggestedEdit).toMatchObject({
      status: 202,
      body: { suggestion: { action: 'edit', cardId: card.id, baseVersion: 1 } },
    });
    await watcher.waitFor('suggestion:added', 2);
    // Nothing changed yet.
    const before = await t.request('GET', `/api/group-learning/${roomId}`, { token: ana.token });
    expect(before.body.cards).toEqual([card]);
    expect(before.body.suggestions).toHaveLength(2);

    const path = (id: string, verb: string) => `/api/group-learning/${roomId}/suggestions/${id}/${verb}`;
    const byMember = await t.request('POST', path(suggestedAdd.body.suggestion.id, 'accept'), { token: eve.token });
    expect(byMember).toMatchObject({
      status: 403,
      body: { error: 'Only the host or an editor can accept or reject suggestions' },
    });
    await t.request('PUT', `/api/group-learning/${roomId}/members/${eve.id}/role`, {
      token: host.token,
      body: { role: 'editor' },
    });
    const accepted = await t.request('POST', path(suggestedAdd.body.suggestion.id, 'accept'), { token: eve.token });
    expect(accepted).toMatchObject({
      status: 200,
      body: { suggestion: { status: 'accepted' }, card: { question: 'Patella?' } },
    });
    const rejected = await t.request('POST', path(suggestedEdit.body.suggestion.id, 'reject'), { token: host.token });
    expect(rejected).toMatchObject({ status: 200, body: { suggestion: { status: 'rejected' } } });
    const again = await t.request('POST', path(suggestedEdit.body.suggestion.id, 'accept'), { token: host.token });
    expect(again).toMatchObject({ status: 409, body: { error: 'This suggestion was already accepted or rejected' } });

    await Promise.all([
      watcher.waitFor('suggestion:accepted'),
      watcher.waitFor('suggestion:rejected'),
      watcher.waitFor('card:added'),
    ]);
    expect(watcher.of('card:added')).toEqual([{ card: accepted.body.card }]);
    const after = await t.request('GET', `/api/group-learning/${roomId}`, { token: ana.token });
    expect(after.body.suggestions).toEqual([]);
    expect(after.body.cards.map((c: TRoomCard) => c.question)).toEqual(['Femur?', 'Patella?']);
  });

  it('accepting an edit suggested against an old version answers 409 with the card as it is now', async () => {
    const ana = await signUp(t);
    const roomId = await roomWith(ana);
    const card = (await add(roomId, host)).body.card as TRoomCard;
    await setRule(roomId, host, 'suggest');
    const suggested = await edit(roomId, ana, card, { question: 'Femur?', answer: 'Ana' });
    const moved = await edit(roomId, host, card, { question: 'Femur?', answer: 'Host' });
    const res = await t.request(
      'POST',
      `/api/group-learning/${roomId}/suggestions/${suggested.body.suggestion.id}/accept`,
      {
        token: host.token,
      },
    );
    expect(res).toMatchObject({ status: 409, body: { code: 'stale_card', card: moved.body.card } });
  });
});
