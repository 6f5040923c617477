import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const guard = path.resolve(import.meta.dirname, 'process-guard.ts');

/** A process that throws from a timer and leaves a rejection unhandled, then says whether it lived. */
function runStrayErrors(guarded: boolean) {
  const script = `
    import { keepServingOnStrayErrors } from ${JSON.stringify(guard)};
    if (${guarded}) keepServingOnStrayErrors({ error: (obj, msg) => console.log('logged:', msg, String(obj.err)) });
    setTimeout(() => { throw new Error('thrown from a timer'); }, 10);
    Promise.reject(new Error('rejected with nobody listening'));
    setTimeout(() => console.log('still serving'), 100);
  `;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    cwd: import.meta.dirname,
    timeout: 20_000,
  });
}

describe('an error thrown outside any request', () => {
  it('is logged and the process keeps serving', () => {
    const run = runStrayErrors(true);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('logged: uncaught exception; the process keeps serving Error: thrown from a timer');
    expect(run.stdout).toContain('Error: rejected with nobody listening');
    expect(run.stdout).toContain('still serving');
  });

  it('ends an unguarded process (what the guard prevents)', () => {
    const run = runStrayErrors(false);
    expect(run.status).not.toBe(0);
    expect(run.stdout).not.toContain('still serving');
  });
});
