import { findAnswer, roomGameQuestions } from '@learnboost/db';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Learner, TestApp } from './helper';
import { openRoom } from './room-client';

export const CAPITALS: [string, string][] = [
  ['Capital of France?', 'Paris'],
  ['Capital of Italy?', 'Rome'],
  ['Capital of Spain?', 'Madrid'],
  ['Capital of Germany?', 'Berlin'],
  ['Capital of Austria?', 'Vienna'],
];

/** A room of `host` with the given members and the capitals deck. */
export async function roomWithCards(t: Pick<TestApp, 'request'>, host: Learner, members: Learner[], cards = CAPITALS) {
  const room = await t.request('POST', '/api/group-learning/rooms', {
    token: host.token,
    body: { title: 'Capitals', topic: 'Geography' },
  });
  const roomId = room.body.id as string;
  for (const m of members) await t.request('POST', `/api/group-learning/${roomId}/join`, { token: m.token });
  for (const [question, answer] of cards) {
    await t.request('POST', `/api/group-learning/${roomId}/flashcards/add`, {
      token: host.token,
      body: { question, answer },
    });
  }
  return roomId;
}

export function gameApi(t: Pick<TestApp, 'request'>, roomId: string) {
  const base = `/api/group-learning/${roomId}/games`;
  return {
    start: (as: Learner, body: Record<string, unknown> = { source: 'cards' }) =>
      t.request('POST', base, { token: as.token, body }),
    get: (as: Learner, gameId: string) => t.request('GET', `${base}/${gameId}`, { token: as.token }),
    answer: (as: Learner, gameId: string, body: unknown) =>
      t.request('POST', `${base}/${gameId}/answers`, { token: as.token, body }),
    next: (as: Learner, gameId: string) => t.request('POST', `${base}/${gameId}/next`, { token: as.token }),
    end: (as: Learner, gameId: string) => t.request('POST', `${base}/${gameId}/end`, { token: as.token }),
    past: (as: Learner) => t.request('GET', base, { token: as.token }),
    results: (as: Learner, gameId: string) => t.request('GET', `${base}/${gameId}/results`, { token: as.token }),
    misses: (as: Learner, gameId: string) =>
      t.request('POST', `${base}/${gameId}/misses-to-flashcards`, { token: as.token }),
  };
}

/** The answer of a question, read where only the server can: the test plays the part of a learner who knows. */
export async function correctIndexOf(t: Pick<TestApp, 'db'>, gameId: string, position: number): Promise<number> {
  const [row] = await t.db.db
    .select({ correctIndex: roomGameQuestions.correctIndex })
    .from(roomGameQuestions)
    .where(and(eq(roomGameQuestions.gameId, gameId), eq(roomGameQuestions.position, position)));
  if (!row) throw new Error(`no question ${position}`);
  return row.correctIndex;
}

/** How long the server measured an answer to take. */
export async function elapsedOf(
  t: Pick<TestApp, 'db'>,
  gameId: string,
  position: number,
  userId: string,
): Promise<number> {
  const row = await findAnswer(t.db.db, gameId, position, userId);
  if (!row) throw new Error('no answer');
  return row.elapsedMs;
}

export async function enterRoom(
  url: string,
  roomId: string,
  learner: Learner,
  opened: unknown[],
  reconnection = false,
) {
  const client = openRoom(url, roomId, learner.token, reconnection);
  opened.push(client);
  expect(await client.connected).toEqual({ ok: true });
  await client.waitFor('room:state');
  return client;
}

/** Every key anywhere in a JSON value. */
export function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  }
  return into;
}
