import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../api-process';
import { onPostgres } from '../helper';

/**
 * Fault suite: PGlite's files serve one process. A second api process started on the same
 * DATA_DIR is refused with the reason, the first serves on with its data whole, and after the
 * first dies outright (SIGKILL) a new process takes the directory over.
 */
describe.runIf(!onPostgres)('two api processes on one PGlite DATA_DIR', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lb-shared-dir-'));
  const env = { DATA_DIR: dataDir, JWT_SECRET: randomUUID() + randomUUID(), LOG_LEVEL: 'warn' };
  const started: ApiProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((p) => p.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses the second with a clear message, never a corrupt database', async () => {
    const first = await startApiProcess(env);
    started.push(first);
    const body = { username: 'lockholder', email: 'lock@example.com', password: 'correct horse' };
    expect((await first.request('POST', '/api/auth/register', { body })).status).toBe(201);

    await expect(startApiProcess(env)).rejects.toThrow(
      new RegExp(
        `Another LearnBoost process \\(pid ${first.child.pid}\\) is using the embedded database in ${dataDir}`,
      ),
    );
    const login = { email: body.email, password: body.password };
    expect((await first.request('POST', '/api/auth/login', { body: login })).status).toBe(200);

    // The holder dies without a goodbye: its lock names a pid that is gone, and is taken over.
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    const next = await startApiProcess(env);
    started.push(next);
    expect((await next.request('POST', '/api/auth/login', { body: login })).status).toBe(200);
  }, 120_000);
});
