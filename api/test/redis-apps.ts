import { randomUUID } from 'node:crypto';
import { createDb, createTestDb, type DbHandle } from '@learnboost/db';
import { createClient } from 'redis';
import { afterAll, beforeAll } from 'vitest';
import { type ApiProcess, startApiProcess } from './api-process';
import { startApp, type TestApp, testServerUrl } from './helper';

// The set-up every multi-process test shares: api processes on one PostgreSQL database and one
// Redis, under a Redis stream of the file's own (so files running at once never hear each other),
// its keys deleted after the file, and the room sockets the file opened closed before the
// processes stop. The file's own afterAll hooks run before these (vitest runs them as a stack).

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

type Socket = { socket: { close(): void } };

/** The environment the processes share (stream, JWT secret), and the deletion of the stream's keys. */
export function redisStream() {
  const stream = `learnboost-test:${randomUUID()}`;
  return {
    env: { REDIS_URL, REDIS_STREAM_NAME: stream, JWT_SECRET: randomUUID() + randomUUID() },
    async clear() {
      const redis = createClient({ url: REDIS_URL });
      await redis.connect();
      const keys = await redis.keys(`${stream}*`);
      if (keys.length) await redis.del(keys);
      await redis.close();
    },
  };
}

/**
 * Two apps in this process (two ports) sharing the PostgreSQL test database and Redis; `started`
 * hands them to the file. Returns the list of sockets to close after the file.
 */
export function useTwoApps(env: Record<string, string>, started: (a: TestApp, b: TestApp) => void): Socket[] {
  const shared = redisStream();
  const opened: Socket[] = [];
  let apps: TestApp[] = [];
  beforeAll(async () => {
    const a = await startApp({ ...shared.env, ...env });
    apps.push(a);
    const url = a.db.databaseUrl;
    if (!url) throw new Error('the PostgreSQL run has a database URL');
    const b = await startApp({ ...shared.env, ...env }, createDb({ databaseUrl: url, poolSize: 2 }));
    apps.push(b);
    started(a, b);
  });
  afterAll(async () => {
    for (const c of opened) c.socket.close();
    // Let the last presence round trip between the two apps finish before they stop.
    if (opened.length) await new Promise((resolve) => setTimeout(resolve, 300));
    for (const app of apps.reverse()) await app.close();
    apps = [];
    await shared.clear();
  });
  return opened;
}

/**
 * `count` real api processes (so one can be killed with SIGKILL) on a fresh PostgreSQL test
 * database and Redis; `started` hands them, that database and the stream's name, to the file. Returns the list of sockets to close
 * after the file.
 */
export function useApiProcesses(
  count: number,
  env: Record<string, string>,
  started: (cluster: { processes: ApiProcess[]; db: DbHandle; stream: string }) => void,
): Socket[] {
  const shared = redisStream();
  const opened: Socket[] = [];
  let db: DbHandle | undefined;
  let processes: ApiProcess[] = [];
  beforeAll(async () => {
    db = await createTestDb(testServerUrl);
    const url = db.databaseUrl;
    if (!url) throw new Error('the PostgreSQL run has a database URL');
    const all = { DATABASE_URL: url, ...shared.env, LOG_LEVEL: 'warn', ...env };
    processes = await Promise.all(Array.from({ length: count }, () => startApiProcess(all)));
    started({ processes, db, stream: shared.env.REDIS_STREAM_NAME });
  }, 120_000);
  afterAll(async () => {
    for (const c of opened) c.socket.close();
    await Promise.all(processes.map((p) => p.stop()));
    await db?.close();
    await shared.clear();
  });
  return opened;
}
