import type { DbHandle } from '@learnboost/db';
import { describe, expect, it } from 'vitest';
import type { ApiProcess } from '../../../test/api-process';
import { correctIndexOf, enterRoom, gameApi, roomWithCards } from '../../../test/game-api';
import { onPostgres, signUp } from '../../../test/helper';
import { useApiProcesses } from '../../../test/redis-apps';
import { pause } from '../../../test/room-client';
import type { TGame } from '../../contract';

type Presence = { online: { id: string }[] };
const idsOf = (p: Presence | undefined) => p?.online.map((m) => m.id).sort();

/** Until the last `presence` the client heard names exactly these members. */
async function presenceOf(client: { of: <T>(event: string) => T[] }, ids: string[], timeoutMs = 5000) {
  const started = Date.now();
  while (JSON.stringify(idsOf(client.of<Presence>('presence').at(-1))) !== JSON.stringify([...ids].sort())) {
    if (Date.now() - started > timeoutMs) throw new Error(`presence never became ${ids.join(', ')}`);
    await pause(10);
  }
  return Date.now() - started;
}

// Who is online in each room, kept in Redis with an expiry: three real api processes (one is
// killed with SIGKILL) sharing one PostgreSQL database and one Redis.
describe.runIf(onPostgres)('room presence across api processes', () => {
  let db: DbHandle;
  let a: ApiProcess;
  let b: ApiProcess;
  let c: ApiProcess;
  const opened = useApiProcesses(3, { DATABASE_POOL_SIZE: '3', ROOM_CARDS_PER_MINUTE: '1000' }, (cluster) => {
    [a, b, c] = cluster.processes as [ApiProcess, ApiProcess, ApiProcess];
    db = cluster.db;
  });

  it('sees at once a room socket that closed and opened again on another process', async () => {
    const [host, learner] = [await signUp(a), await signUp(a)];
    const roomId = await roomWithCards(a, host, [learner]);
    const hostOnA = await enterRoom(a.url, roomId, host, opened);
    for (let round = 0; round < 3; round++) {
      // The learner's only socket on B: B frees the room's namespace when it closes, and makes it again.
      const learnerOnB = await enterRoom(b.url, roomId, learner, opened);
      await presenceOf(hostOnA, [host.id, learner.id]);
      // Right after the room opened on B, a game started on A waits for the learner.
      const start = await gameApi(a, roomId).start(host, { source: 'cards', secondsPerQuestion: 60 });
      expect(start.status).toBe(201);
      expect((start.body.game as TGame).expected).toBe(2);
      await gameApi(a, roomId).end(host, (start.body.game as TGame).id);
      learnerOnB.socket.close();
      await presenceOf(hostOnA, [host.id]);
    }
  });

  it('drops a killed process’s members within 10 s, and the open question stops waiting for them', async () => {
    const [host, stays, doomed1, doomed2] = [await signUp(a), await signUp(a), await signUp(a), await signUp(a)];
    const roomId = await roomWithCards(a, host, [stays, doomed1, doomed2]);
    const hostOnA = await enterRoom(a.url, roomId, host, opened);
    const staysOnB = await enterRoom(b.url, roomId, stays, opened);
    await enterRoom(c.url, roomId, doomed1, opened);
    await enterRoom(c.url, roomId, doomed2, opened);
    const api = gameApi(a, roomId);
    const start = await api.start(host, { source: 'cards', secondsPerQuestion: 60 });
    const game = start.body.game as TGame;
    expect(game.expected).toBe(4);
    const correct = await correctIndexOf({ db }, game.id, 0);
    for (const [client, choice] of [
      [hostOnA, correct],
      [staysOnB, (correct + 1) % 4],
    ] as const) {
      expect(await client.socket.emitWithAck('game:answer', { gameId: game.id, index: 0, choice })).toEqual({
        accepted: true,
      });
    }

    const exited = new Promise((resolve) => c.child.once('exit', resolve));
    c.child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    // The room hears who is left, and the question closes: everyone still here has answered.
    await hostOnA.waitFor('game:reveal', 1, 10_000);
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    await presenceOf(hostOnA, [host.id, stays.id], 10_000 - (Date.now() - killedAt));
    await presenceOf(staysOnB, [host.id, stays.id], 10_000 - (Date.now() - killedAt));
    const reveal = hostOnA.of<{ game: TGame }>('game:reveal')[0]?.game;
    expect(reveal?.reveal?.counts.reduce((x, y) => x + y, 0)).toBe(2);
    expect(reveal?.expected).toBe(2);
    await pause(300);
    expect(hostOnA.of('game:reveal')).toHaveLength(1);
    // The next question waits only for those online.
    expect((await api.next(host, game.id)).body).toMatchObject({ status: 'question', index: 1, expected: 2 });
    await api.end(host, game.id);
  }, 60_000);
});
