import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createTestDb, type DbHandle } from '@learnboost/db';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../api-process';
import { onPostgres, testServerUrl } from '../helper';
import { REDIS_URL, redisStream } from '../redis-apps';

const apiRoot = path.resolve(import.meta.dirname, '../..');
const startMany = path.resolve(apiRoot, '../scripts/start-many.mjs');

/** What `WEB_CONCURRENCY=N pnpm start` runs after building: scripts/start-many.mjs, on the api's sources. */
function run(env: Record<string, string>, count: number) {
  let output = '';
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import(${JSON.stringify(startMany)}).then((m) => m.startMany('src/server.ts', ${count}, ['--import', 'tsx']))`,
    ],
    {
      cwd: apiRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  return { child, output: () => output };
}

const healthy = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/health`).then(
    (r) => r.ok,
    () => false,
  );

async function until(check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

// WEB_CONCURRENCY=N: N api processes on consecutive ports, each started again should it die.
describe.runIf(onPostgres)('WEB_CONCURRENCY=2', () => {
  let db: DbHandle;
  let parent: ChildProcess | undefined;
  let spawned: number[] = [];
  const shared = redisStream();
  afterAll(async () => {
    // Should the test stop half-way, no api process outlives it.
    for (const pid of spawned) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
    if (parent && parent.exitCode === null) parent.kill('SIGTERM');
    await db?.close();
    await shared.clear();
  });

  it('refuses without PostgreSQL, the embedded database serving one process only', async () => {
    const alone = run({ REDIS_URL }, 2);
    const code = await new Promise((resolve) => alone.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(alone.output()).toContain('WEB_CONCURRENCY needs DATABASE_URL (PostgreSQL)');
  });

  it('runs two processes on consecutive ports, starts a killed one again, and stops them all', async () => {
    db = await createTestDb(testServerUrl);
    const port = await freePort();
    const many = run(
      {
        DATABASE_URL: db.databaseUrl as string,
        ...shared.env,
        PORT: String(port),
      },
      2,
    );
    parent = many.child;
    expect(await until(async () => (await healthy(port)) && (await healthy(port + 1)), 60_000), many.output()).toBe(
      true,
    );
    const children = () =>
      import('node:fs').then((fs) =>
        fs
          .readFileSync(`/proc/${many.child.pid}/task/${many.child.pid}/children`, 'utf8')
          .trim()
          .split(/\s+/)
          .map(Number),
      );
    spawned = await children();
    const [first] = spawned;
    process.kill(first as number, 'SIGKILL');
    expect(await until(async () => !(await healthy(port)), 5000)).toBe(true);
    expect(await until(() => healthy(port), 60_000), many.output()).toBe(true);
    expect(many.output()).toMatch(/exited \(SIGKILL\); starting it again/);

    const exited = new Promise((resolve) => many.child.once('exit', resolve));
    many.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await healthy(port)).toBe(false);
    expect(await healthy(port + 1)).toBe(false);
  }, 120_000);
});
