import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type BuiltApp, repoRoot, startServer } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/**
 * Builds web and api once (so `pnpm test` works on a fresh clone), then serves both for every
 * test file. Each run builds into folders of its own, so parallel runs never overwrite each
 * other's bundles; E2E_SKIP_BUILD=1 serves the existing web/dist and api/dist instead.
 */
export default async function setup(project: TestProject) {
  const reuse = process.env.E2E_SKIP_BUILD === '1';
  const runDir = `.e2e-build-${process.pid}`;
  const built: BuiltApp = reuse
    ? { webDist: path.join(repoRoot, 'web', 'dist'), apiServer: path.join(repoRoot, 'api', 'dist', 'server.js') }
    : { webDist: path.join(repoRoot, 'web', runDir), apiServer: path.join(repoRoot, 'api', runDir, 'server.js') };
  if (!reuse) {
    const env = { ...process.env, WEB_OUT_DIR: built.webDist, API_OUT_FILE: built.apiServer };
    for (const pkg of ['@learnboost/web', '@learnboost/api']) {
      execFileSync('pnpm', ['--filter', pkg, 'build'], { cwd: repoRoot, stdio: 'inherit', env });
    }
  }
  const server = await startServer(built);
  project.provide('baseURL', server.baseURL);
  return async () => {
    await server.stop();
    if (!reuse)
      for (const dir of [built.webDist, path.dirname(built.apiServer)]) rmSync(dir, { recursive: true, force: true });
  };
}
