// `WEB_CONCURRENCY=N pnpm start`: N api processes on one machine, on consecutive ports from PORT
// (3000, 3001, …), for the nginx in deploy/ to balance. Separate processes, not Node's cluster:
// nginx already balances (and keeps Socket.IO's polling sticky) across machines, so one machine
// runs exactly what many do, and a process that dies is one upstream nginx skips until it is back.
// This supervisor starts each again after a second should it die.
import { spawn } from 'node:child_process';

/** `nodeArgs`: Node flags for each api process (a test runs the sources with `--import tsx`). */
export function startMany(serverJs, count, nodeArgs = []) {
  if (!process.env.DATABASE_URL) {
    console.error(
      'WEB_CONCURRENCY needs DATABASE_URL (PostgreSQL): the embedded database (PGlite) serves one process only.',
    );
    process.exit(1);
  }
  if (!process.env.REDIS_URL) {
    console.error(
      'WEB_CONCURRENCY needs REDIS_URL: live rooms, logouts, rate limits and presence travel between the processes over Redis.',
    );
    process.exit(1);
  }
  const basePort = Number(process.env.PORT ?? 3000);
  let stopping = false;
  const children = new Map();

  function run(i) {
    const port = basePort + i;
    const child = spawn(process.execPath, [...nodeArgs, serverJs], {
      env: { ...process.env, PORT: String(port), WEB_CONCURRENCY: '1' },
      stdio: 'inherit',
    });
    children.set(i, child);
    child.on('exit', (code, signal) => {
      children.delete(i);
      if (stopping) {
        if (children.size === 0) process.exit(0);
        return;
      }
      console.error(`api process on port ${port} exited (${signal ?? code}); starting it again in 1 s`);
      setTimeout(() => run(i), 1000);
    });
  }

  for (let i = 0; i < count; i++) run(i);
  console.log(
    `LearnBoost: ${count} api processes on ports ${basePort}–${basePort + count - 1}; put deploy/nginx.conf in front.`,
  );
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.once(signal, () => {
      stopping = true;
      for (const child of children.values()) child.kill('SIGTERM');
    });
  }
}
