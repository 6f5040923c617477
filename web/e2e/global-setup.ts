import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { repoRoot, startServer } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Builds web and api once (so `pnpm test` works on a fresh clone), then serves both for every test file. */
export default async function setup(project: TestProject) {
  // E2E_SKIP_BUILD=1 reuses existing dist/ folders when iterating on tests alone.
  if (process.env.E2E_SKIP_BUILD !== '1') {
    for (const pkg of ['@learnboost/web', '@learnboost/api']) {
      execFileSync('pnpm', ['--filter', pkg, 'build'], { cwd: repoRoot, stdio: 'inherit' });
    }
  }
  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  return server.stop;
}
