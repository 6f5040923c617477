import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProcess } from '../api-process';
import { startFailoverProxy } from '../failover-proxy';
import { onPostgres } from '../helper';
import { useApiProcesses } from '../redis-apps';
import { openRoom, pause } from '../room-client';

/**
 * Fault suite: one of two api processes is killed outright (SIGKILL: no shutdown, no goodbye)
 * while learners sit in a room on both. The survivor keeps serving, and the dead process's
 * clients reconnect through the balancer to the survivor and go on hearing the room.
 */
describe.runIf(onPostgres)('when one of two api processes is killed', () => {
  let doomed: ApiProcess;
  let survivor: ApiProcess;
  let balancer: Awaited<ReturnType<typeof startFailoverProxy>>;
  const clients = useApiProcesses(2, {}, (cluster) => {
    [doomed, survivor] = cluster.processes as [ApiProcess, ApiProcess];
  });

  beforeAll(async () => {
    // The balancer prefers the doomed process while it lives.
    balancer = await startFailoverProxy([Number(new URL(doomed.url).port), Number(new URL(survivor.url).port)]);
  });
  // Runs before the fixture stops the processes (after-hooks run as a stack).
  afterAll(async () => {
    for (const c of clients) c.socket.close();
    await balancer?.close();
  });

  it('leaves the survivor serving, and the killed process’s clients reconnect to it and hear the room', async () => {
    const register = async (name: string) => {
      const res = await survivor.request('POST', '/api/auth/register', {
        body: { username: name, email: `${name}.${Date.now()}@example.com`, password: 'correct horse' },
      });
      expect(res.status).toBe(201);
      return res.body as { id: string; token: string };
    };
    const host = await register('killhost');
    const learner = await register('killlearner');
    const room = await survivor.request('POST', '/api/group-learning/rooms', {
      token: host.token,
      body: { title: 'Failover', topic: 'SIGKILL' },
    });
    const roomId = room.body.id as string;
    await survivor.request('POST', `/api/group-learning/${roomId}/join`, { token: learner.token });

    // The learner reaches the doomed process through the balancer; the host is on the survivor.
    const onDoomed = openRoom(balancer.url, roomId, learner.token, true);
    const onSurvivor = openRoom(survivor.url, roomId, host.token, true);
    clients.push(onDoomed, onSurvivor);
    expect(await onDoomed.connected).toEqual({ ok: true });
    expect(await onSurvivor.connected).toEqual({ ok: true });
    await Promise.all([onDoomed.waitFor('room:state'), onSurvivor.waitFor('room:state')]);

    const dropped = new Promise((resolve) => onDoomed.socket.once('disconnect', resolve));
    const back = new Promise<void>((resolve) => onDoomed.socket.io.once('reconnect', () => resolve()));
    doomed.child.kill('SIGKILL');
    await dropped;
    await back;
    await onDoomed.waitFor('room:state', 2, 10_000).catch(() => undefined);

    const health = await survivor.request('GET', '/api/health');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
    const added = await survivor.request('POST', `/api/group-learning/${roomId}/flashcards/add`, {
      token: host.token,
      body: { question: 'Who is still here?', answer: 'The survivor' },
    });
    expect(added.status).toBe(201);
    await Promise.all([onDoomed.waitFor('card:added', 1, 10_000), onSurvivor.waitFor('card:added', 1, 10_000)]);
    await pause(300);
    expect(onDoomed.of('card:added')).toEqual([{ card: added.body.card }]);
    expect(onSurvivor.of('card:added')).toEqual([{ card: added.body.card }]);
    // Over the socket too, on the survivor.
    const overSocket = await onDoomed.socket.emitWithAck('card:add', { question: 'Via socket?', answer: 'Yes' });
    expect(overSocket).toMatchObject({ card: { question: 'Via socket?' } });

    expect(doomed.alive()).toBe(false);
    expect(survivor.alive(), survivor.output()).toBe(true);
    expect(survivor.output()).not.toMatch(/uncaught exception|unhandled promise rejection/);
  }, 60_000);
});
