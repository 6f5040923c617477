// Cold start to a healthy /api/health, and sign-in latency, each beside its floor.
import { spawnSync } from 'node:child_process';
import { scrypt } from 'node:crypto';
import { ms, percentile, postJson, startServer, timeRequests } from '../lib.mjs';

export const title = 'Foundation: start-up and sign-in';

export async function run({ databaseUrl }) {
  const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const db = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const rows = [];

  // Floor for a cold start: Node itself starting and exiting.
  const nodeStarts = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, ['-e', '']);
    nodeStarts.push(performance.now() - t0);
  }
  const colds = [];
  for (let i = 0; i < 3; i++) {
    const server = await startServer({ ...env, SEED_DEMO: 'false' });
    colds.push(server.coldStartMs);
    await server.stop();
  }
  rows.push([
    `cold start to healthy /api/health (${db}, fresh data dir, migrations applied)`,
    `p50 ${ms(percentile(colds, 50))}`,
    `node -e "" p50 ${ms(percentile(nodeStarts, 50))}`,
  ]);

  const server = await startServer({
    ...env,
    SEED_DEMO: 'true',
    DEMO_EMAIL: 'bench@learnboost.test',
    DEMO_PASSWORD: 'bench-pass',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  });
  try {
    const logins = await timeRequests(40, async () => {
      const res = await postJson(`${server.url}/api/auth/login`, {
        email: 'bench@learnboost.test',
        password: 'bench-pass',
      });
      if (res.status !== 200) throw new Error(`login answered ${res.status}`);
      await res.arrayBuffer();
    });
    // Floor: the memory-hard hash alone, with the same parameters as the api (N=2^15, r=8, p=1).
    const hashes = await timeRequests(
      20,
      () =>
        new Promise((resolve, reject) =>
          scrypt('bench-pass', 'saltsaltsaltsalt', 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 2 ** 26 }, (e) =>
            e ? reject(e) : resolve(),
          ),
        ),
    );
    const health = await timeRequests(200, async () => (await fetch(`${server.url}/api/health`)).arrayBuffer());
    rows.push([
      `POST /api/auth/login (${db}, 40 sequential)`,
      `p50 ${ms(percentile(logins, 50))}, p95 ${ms(percentile(logins, 95))}`,
      `scrypt hash alone p50 ${ms(percentile(hashes, 50))}; GET /api/health p50 ${ms(percentile(health, 50))}`,
    ]);
  } finally {
    await server.stop();
  }
  return rows;
}
