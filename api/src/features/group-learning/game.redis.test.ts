import { type DbHandle, roomGameAnswers } from '@learnboost/db';
import { eq } from 'drizzle-orm';
import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import type { ApiProcess } from '../../../test/api-process';
import { correctIndexOf, enterRoom, gameApi, roomWithCards } from '../../../test/game-api';
import { type Learner, onPostgres, signUp } from '../../../test/helper';
import { REDIS_URL, useApiProcesses } from '../../../test/redis-apps';
import { pause } from '../../../test/room-client';
import type { TGame } from '../../contract';

/** SIGKILL: the process gets no chance to clean up (no lease released), as in a crash. */
async function killHard(p: ApiProcess): Promise<void> {
  const exited = new Promise((resolve) => p.child.once('exit', resolve));
  p.child.kill('SIGKILL');
  await exited;
}

// Two api processes (real OS processes, so one can be killed with SIGKILL) sharing one PostgreSQL
// database and one Redis.
describe.runIf(onPostgres)('a live quiz across two api processes', () => {
  let db: DbHandle;
  let stream: string;
  let a: ApiProcess;
  let b: ApiProcess;
  const opened = useApiProcesses(
    2,
    { DATABASE_POOL_SIZE: '3', ROOM_CARDS_PER_MINUTE: '1000', LOG_LEVEL: 'info' },
    (cluster) => {
      [a, b] = cluster.processes as [ApiProcess, ApiProcess];
      ({ db, stream } = cluster);
    },
  );

  it('waits at each question for the members online at its start, on whichever process', async () => {
    const [host, learner, staying, absent] = [await signUp(a), await signUp(a), await signUp(a), await signUp(a)];
    const roomId = await roomWithCards(a, host, [learner, staying, absent]);
    await enterRoom(a.url, roomId, host, opened);
    await enterRoom(b.url, roomId, staying, opened);
    const learnerOnB = await enterRoom(b.url, roomId, learner, opened);
    const api = gameApi(a, roomId);
    const start = await api.start(host, { source: 'cards', secondsPerQuestion: 60, questionCount: 3 });
    const game = start.body.game as TGame;
    expect(game.expected).toBe(3);

    // The learner closes the room on process B: the next question, opened on A, does not wait for them.
    await api.next(host, game.id);
    learnerOnB.socket.close();
    await pause(300);
    expect((await api.next(host, game.id)).body).toMatchObject({ status: 'question', index: 1, expected: 2 });

    // And opens it again on B: counted again.
    await enterRoom(b.url, roomId, learner, opened);
    await pause(300);
    await api.next(host, game.id);
    expect((await api.next(host, game.id)).body).toMatchObject({ status: 'question', index: 2, expected: 3 });
    await api.end(host, game.id);
  });

  it('takes the clock over when the owning process is killed, and loses or doubles no answer', async () => {
    const host = await signUp(a);
    const left: Learner = await signUp(a);
    const right: Learner = await signUp(a);
    const roomId = await roomWithCards(a, host, [left, right]);
    // The host plays on A, one learner on B; the other learner watches from both processes.
    const hostOnA = await enterRoom(a.url, roomId, host, opened, true);
    const leftOnB = await enterRoom(b.url, roomId, left, opened);
    const watchOn = {
      a: await enterRoom(a.url, roomId, right, opened),
      b: await enterRoom(b.url, roomId, right, opened),
    };
    // The processes find each other's sockets through adapter heartbeats.
    await pause(1500);

    const started = await gameApi(a, roomId).start(host, { source: 'cards', secondsPerQuestion: 5 });
    expect(started.status).toBe(201);
    const game = started.body.game as TGame;
    expect(game.expected).toBe(3);
    await leftOnB.waitFor('game:question');

    const correct = await correctIndexOf({ db }, game.id, 0);
    // One answer through each process; the third learner stays silent, so only the clock closes it.
    expect(await hostOnA.socket.emitWithAck('game:answer', { gameId: game.id, index: 0, choice: correct })).toEqual({
      accepted: true,
    });
    expect(
      await leftOnB.socket.emitWithAck('game:answer', { gameId: game.id, index: 0, choice: (correct + 1) % 4 }),
    ).toEqual({ accepted: true });
    await watchOn.b.waitFor('game:progress', 2);

    // Exactly one process holds the game's clock lease (its pid leads the value). It dies just
    // before the question's end, with its lease fresh.
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    const leaseKey = `${stream}:game-clock:${game.id}`;
    const owner = await redis.get(leaseKey);
    const ownerPid = Number(owner?.split(':')[0]);
    expect([a.child.pid, b.child.pid]).toContain(ownerPid);
    const [dead, survivor, observer] = ownerPid === a.child.pid ? [a, b, watchOn.b] : [b, a, watchOn.a];
    await pause(Date.parse(game.endsAt) - Date.now() - 300);
    expect(await redis.get(leaseKey)).toBe(owner);
    await killHard(dead);
    await observer.waitFor('game:reveal', 1, 10_000);
    const heardAt = Date.now();
    // The survivor closed the question within 2 s of its end.
    expect(heardAt - Date.parse(game.endsAt)).toBeLessThan(2000);
    const reveal = observer.of<{ game: TGame }>('game:reveal')[0]?.game as TGame;
    const counts = [0, 0, 0, 0];
    counts[correct] = 1;
    counts[(correct + 1) % 4] = 1;
    expect(reveal.reveal).toEqual({ index: 0, correctIndex: correct, counts });
    expect(reveal.leaderboard[0]).toMatchObject({ member: { id: host.id }, correct: 1 });
    // Each accepted answer once in the database; the reveal heard once.
    const rows = await db.db.select().from(roomGameAnswers).where(eq(roomGameAnswers.gameId, game.id));
    expect(rows.map((r) => r.userId).sort()).toEqual([host.id, left.id].sort());
    await pause(500);
    expect(observer.of('game:reveal')).toHaveLength(1);

    // The host's tab reconnects, to the survivor, and finds the game.
    const hostBack = await enterRoom(survivor.url, roomId, host, opened);
    const state = hostBack.of<{ game: TGame & { myAnswer: number } }>('room:state')[0];
    expect(state?.game).toMatchObject({ id: game.id, status: 'reveal', myAnswer: correct });

    // The game plays on: the next question closes on the survivor's clock.
    const next = await gameApi(survivor, roomId).next(host, game.id);
    expect(next.body).toMatchObject({ status: 'question', index: 1 });
    await pause(400); // the survivor's sweep holds the new question's lease within one round
    expect(Number((await redis.get(leaseKey))?.split(':')[0])).toBe(survivor.child.pid);
    await observer.waitFor('game:reveal', 2, 10_000);
    expect(Date.now() - Date.parse(next.body.endsAt)).toBeLessThan(2000);
    await redis.close();
  });
});
