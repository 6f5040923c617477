import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createTestDb, type DbHandle } from '@learnboost/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/lib/config';

export const onPostgres = process.env.LB_TEST_DB === 'postgres';
export const testServerUrl = onPostgres ? process.env.TEST_DATABASE_URL : undefined;

export type Answer<T = any> = { status: number; body: T; headers: Headers };

export type TestApp = {
  url: string;
  app: FastifyInstance;
  db: DbHandle;
  /** Everything the app logged, as text. */
  logs: () => string;
  request: <T = any>(method: string, path: string, options?: RequestOptions) => Promise<Answer<T>>;
  close: () => Promise<void>;
};

export type RequestOptions = { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> };

export async function request<T>(
  base: string,
  method: string,
  route: string,
  options: RequestOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(`${base}${route}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** The real app on a real, empty database, listening on a free loopback port. */
export async function startApp(env: Record<string, string> = {}, db?: DbHandle): Promise<TestApp> {
  const handle = db ?? (await createTestDb(testServerUrl));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lb-test-'));
  let logText = '';
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logText += chunk.toString();
      done();
    },
  });
  const config = loadConfig({
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const app = await buildApp({ config, db: handle, logStream });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    app,
    db: handle,
    logs: () => logText,
    request: (method, route, options) => request(url, method, route, options),
    close: async () => {
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A new learner with a unique e-mail; returns the register answer (with token). */
export async function signUp(
  t: Pick<TestApp, 'request'>,
  overrides: Partial<{ username: string; email: string; password: string }> = {},
) {
  counter += 1;
  const body = {
    username: `learner${counter}`,
    email: `learner${counter}.${Date.now()}@example.com`,
    password: 'correct horse',
    ...overrides,
  };
  const res = await t.request<{ id: string; username: string; email: string; token: string }>(
    'POST',
    '/api/auth/register',
    { body },
  );
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...res.body, password: body.password };
}

export type Learner = Awaited<ReturnType<typeof signUp>>;
export type AppWithLearner = TestApp & { learner: Learner };

/**
 * The setup most test files share: one app for the file (started before its tests, closed after)
 * and one signed-up learner. The object is filled in by beforeAll, so read it inside tests only.
 */
export function useTestApp(env: Record<string, string> = {}): AppWithLearner {
  const t = {} as AppWithLearner;
  beforeAll(async () => {
    const app = await startApp(env);
    Object.assign(t, app, { learner: await signUp(app) });
  });
  afterAll(() => t.close?.());
  return t;
}
