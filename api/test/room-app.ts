import { afterAll, beforeAll, expect } from 'vitest';
import { signUp, startApp, type TestApp } from './helper';
import { openRoom } from './room-client';

// One test file's study-room set-up: its app, a host who makes the rooms, and the room sockets
// it opens, closed after the file. The bindings below are live (each test file has its own copy
// of this module), set before the file's first test.

export type Learner = Awaited<ReturnType<typeof signUp>>;

export let t: TestApp;
export let host: Learner;
/** Sockets to close after the file: `enter` adds its own; push any other one opened. */
export const opened: ReturnType<typeof openRoom>[] = [];
let room = { title: 'Room', topic: 'Topic' };

export function useRoomApp(options: { env?: Record<string, string>; room?: { title: string; topic: string } } = {}) {
  if (options.room) room = options.room;
  beforeAll(async () => {
    t = await startApp(options.env);
    host = await signUp(t);
  });
  afterAll(async () => {
    for (const c of opened) c.socket.close();
    await t.close();
  });
}

/** A room the host made, with these members joined. */
export async function roomWith(...members: Learner[]) {
  const res = await t.request('POST', '/api/group-learning/rooms', { token: host.token, body: room });
  for (const m of members) await t.request('POST', `/api/group-learning/${res.body.id}/join`, { token: m.token });
  return res.body.id as string;
}

/** A member's socket in the room, connected and having heard the room's state. */
export async function enter(roomId: string, learner: Learner, reconnection = false) {
  const client = openRoom(t.url, roomId, learner.token, reconnection);
  opened.push(client);
  expect(await client.connected).toEqual({ ok: true });
  await client.waitFor('room:state');
  return client;
}
