import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../../test/helper';
import { enter, host, type Learner, roomWith, t, useRoomApp } from '../../../test/room-app';
import type { TRoomActivity, TRoomCard } from '../../contract';

// The room's activity list and undo of one's own last change (issue 24).

useRoomApp({ room: { title: 'Log', topic: 'Undo' } });

const add = async (roomId: string, as: Learner, question: string) =>
  (
    await t.request('POST', `/api/group-learning/${roomId}/flashcards/add`, {
      token: as.token,
      body: { question, answer: 'A' },
    })
  ).body.card as TRoomCard;
const activity = async (roomId: string, as: Learner) =>
  (await t.request('GET', `/api/group-learning/${roomId}/activity`, { token: as.token })).body as TRoomActivity[];
const undo = (roomId: string, as: Learner) =>
  t.request('POST', `/api/group-learning/${roomId}/undo`, { token: as.token });

/** While `during` runs, the database refuses the room's activity entries of one action (a failed write). */
async function refuseActivity(roomId: string, action: string, during: () => Promise<void>) {
  const refuse = `refuse_${action}_${roomId.replaceAll('-', '')}`;
  await t.db.db.execute(
    sql.raw(
      `create function ${refuse}() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
    ),
  );
  await t.db.db.execute(
    sql.raw(`create trigger ${refuse} before insert on room_activity for each row
      when (new.action = '${action}' and new.room_id = '${roomId}') execute function ${refuse}()`),
  );
  try {
    await during();
  } finally {
    await t.db.db.execute(sql.raw(`drop trigger ${refuse} on room_activity`));
    await t.db.db.execute(sql.raw(`drop function ${refuse}()`));
  }
}

describe('the activity list', () => {
  it('lists who added, edited and deleted what, newest first, live, members only', async () => {
    const ana = await signUp(t);
    const roomId = await roomWith(ana);
    const watcher = await enter(roomId, host);
    const card = await add(roomId, ana, 'Atlas?');
    await t.request('PUT', `/api/group-learning/${roomId}/flashcards/${card.id}`, {
      token: host.token,
      body: { version: 1, question: 'Atlas vertebra?', answer: 'C1' },
    });
    await t.request('DELETE', `/api/group-learning/${roomId}/flashcards/${card.id}`, { token: ana.token });
    const list = await activity(roomId, host);
    expect(list.map((e) => [e.action, e.member?.username, e.question])).toEqual([
      ['deleted', ana.username, 'Atlas vertebra?'],
      ['edited', host.username, 'Atlas vertebra?'],
      ['added', ana.username, 'Atlas vertebra?'],
    ]);
    await watcher.waitFor('activity:added', 3);
    expect(watcher.of<{ entry: TRoomActivity }>('activity:added').map((e) => e.entry.action)).toEqual([
      'added',
      'edited',
      'deleted',
    ]);
    const outsider = await signUp(t);
    expect((await t.request('GET', `/api/group-learning/${roomId}/activity`, { token: outsider.token })).status).toBe(
      403,
    );
  });

  it('keeps the last 100', async () => {
    const roomId = await roomWith();
    for (let i = 0; i < 52; i++) {
      const card = await add(roomId, host, `Q${i}`);
      await t.request('DELETE', `/api/group-learning/${roomId}/flashcards/${card.id}`, { token: host.token });
    }
    const list = await activity(roomId, host);
    expect(list).toHaveLength(100);
    expect(list[0]).toMatchObject({ action: 'deleted', question: 'Q51' });
  });
});

describe('undo', () => {
  it("takes back one's own last change: an edit, then a delete", async () => {
    const ana = await signUp(t);
    const roomId = await roomWith(ana);
    const watcher = await enter(roomId, host);
    const card = await add(roomId, ana, 'Axis?');
    const edited = await t.request('PUT', `/api/group-learning/${roomId}/flashcards/${card.id}`, {
      token: ana.token,
      body: { version: 1, question: 'Axis!', answer: 'C2' },
    });
    expect(edited.status).toBe(200);
    expect(await undo(roomId, ana)).toMatchObject({
      status: 200,
      body: { card: { question: 'Axis?', answer: 'A', version: 3 } },
    });

    await t.request('DELETE', `/api/group-learning/${roomId}/flashcards/${card.id}`, { token: ana.token });
    expect(await undo(roomId, ana)).toMatchObject({ status: 200, body: { card: { id: card.id, question: 'Axis?' } } });
    const detail = await t.request('GET', `/api/group-learning/${roomId}`, { token: ana.token });
    expect(detail.body.cards.map((c: TRoomCard) => c.id)).toEqual([card.id]);
    expect((await activity(roomId, ana))[0]).toMatchObject({ action: 'undone', member: { id: ana.id } });
    // The room hears each undo live with the card's question, as the list shows it.
    await watcher.waitFor('activity:added', 5);
    const undone = watcher.of<{ entry: TRoomActivity }>('activity:added').filter((e) => e.entry.action === 'undone');
    expect(undone.map((e) => e.entry.question)).toEqual(['Axis?', 'Axis?']);
  });

  it("refuses when someone changed the card since, and when there is nothing of one's own", async () => {
    const ana = await signUp(t);
    const roomId = await roomWith(ana);
    const card = await add(roomId, ana, 'Sacrum?');
    await t.request('PUT', `/api/group-learning/${roomId}/flashcards/${card.id}`, {
      token: host.token,
      body: { version: 1, question: 'Sacrum!', answer: 'Pelvis' },
    });
    expect(await undo(roomId, ana)).toMatchObject({
      status: 409,
      body: { error: 'Someone changed this card after you: undoing would overwrite their change' },
    });
    const ben = await signUp(t);
    await t.request('POST', `/api/group-learning/${roomId}/join`, { token: ben.token });
    expect(await undo(roomId, ben)).toMatchObject({ status: 409, body: { error: 'You have no change to undo' } });
  });

  it('never overwrites a change of the card that the list has not recorded yet', async () => {
    const ana = await signUp(t);
    const roomId = await roomWith(ana);
    const card = await add(roomId, ana, 'Hyoid?');
    await t.request('PUT', `/api/group-learning/${roomId}/flashcards/${card.id}`, {
      token: ana.token,
      body: { version: 1, question: 'Hyoid!', answer: 'Neck' },
    });
    // The host's edit lands on the card but its entry does not (as while it is still being
    // written): the list alone would say the card is as Ana left it.
    await refuseActivity(roomId, 'edited', async () => {
      await t.request('PUT', `/api/group-learning/${roomId}/flashcards/${card.id}`, {
        token: host.token,
        body: { version: 2, question: 'Hyoid bone?', answer: 'Below the jaw' },
      });
    });
    expect(await undo(roomId, ana)).toMatchObject({
      status: 409,
      body: { error: 'Someone changed this card after you: undoing would overwrite their change' },
    });
    const detail = await t.request('GET', `/api/group-learning/${roomId}`, { token: ana.token });
    expect(detail.body.cards).toMatchObject([{ question: 'Hyoid bone?', answer: 'Below the jaw' }]);
  });

  it('is one transaction: when its last write fails, the card and the change stay as they were, and undo works again', async () => {
    const ana = await signUp(t);
    const roomId = await roomWith(ana);
    const card = await add(roomId, ana, 'Coccyx?');
    await t.request('PUT', `/api/group-learning/${roomId}/flashcards/${card.id}`, {
      token: ana.token,
      body: { version: 1, question: 'Coccyx!', answer: 'Tailbone' },
    });
    // The database refuses this room's "undone" entry, the undo's last write.
    await refuseActivity(roomId, 'undone', async () => {
      expect((await undo(roomId, ana)).status).toBe(500);
    });
    const detail = await t.request('GET', `/api/group-learning/${roomId}`, { token: ana.token });
    expect(detail.body.cards).toMatchObject([{ id: card.id, question: 'Coccyx!', version: 2 }]);
    expect((await activity(roomId, ana))[0]).toMatchObject({ action: 'edited', undone: false });
    expect(await undo(roomId, ana)).toMatchObject({ status: 200, body: { card: { question: 'Coccyx?' } } });
  });
});
