// Shared by the benchmark suites: start the built api on a fresh data dir, time things.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverJs = path.join(root, 'api', 'dist', 'server.js');
/** The api's own dependencies (postgres, pglite, ts-fsrs), for measuring floors with the same engines. */
export const apiRequire = createRequire(path.join(root, 'api', 'package.json'));

/** A fresh database on the PostgreSQL server for one suite, dropped afterwards. */
export async function withFreshDatabase(serverUrl, work) {
  const postgres = apiRequire('postgres');
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = `lb_bench_${Date.now()}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

export function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

export const ms = (n) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;

/**
 * Starts the api; resolves once /api/health answers, with the time that took. `nodeArgs` and
 * `stdio` let a suite add its own probes (a memory reader on an IPC channel, say).
 */
export async function startServer(
  env = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'lb-bench-')),
  { nodeArgs = [], stdio = ['ignore', 'ignore', 'inherit'] } = {},
) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, serverJs], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AI_PROVIDER: 'builtin',
      ...env,
    },
    stdio,
  });
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (child.exitCode !== null) throw new Error('api exited during start');
    await new Promise((r) => setTimeout(r, 10));
  }
  const coldStartMs = performance.now() - started;
  return {
    url,
    coldStartMs,
    child,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The api as the timed suites start it: on `databaseUrl` (else PGlite), no demo, no login limit in the way. */
export const startBenchServer = (databaseUrl, env = {}) =>
  startServer({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });

export async function timeRequests(count, send) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await send(i);
    times.push(performance.now() - t0);
  }
  return times;
}

export const postJson = (url, body, token) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** An in-process PGlite with the app's migrations: a floor's own engine when the api runs on PGlite. */
export async function migratedPglite() {
  const { PGlite } = await import(apiRequire.resolve('@electric-sql/pglite'));
  const db = new PGlite();
  const dir = path.join(root, 'db', 'migrations');
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    for (const statement of readFileSync(path.join(dir, file), 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim()) await db.exec(statement);
    }
  }
  return db;
}
