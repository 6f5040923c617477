// `pnpm start`: builds the web app and the api when they are missing or older than their
// sources, then runs the api, which serves both on one origin (HOST:PORT, default 127.0.0.1:3000).
// WEB_CONCURRENCY=N runs N api processes on ports PORT…PORT+N-1 (scripts/start-many.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function buildIfStale(name, output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (built > Math.max(...sources.map(newestMtime))) return;
  console.log(`Building ${name}...`);
  const result = spawnSync('pnpm', ['--filter', name, 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = [at('api', 'src', 'contract'), at('package.json'), at('pnpm-lock.yaml')];
buildIfStale('@learnboost/web', at('web', 'dist', 'index.html'), [
  at('web', 'src'),
  at('web', 'index.html'),
  at('web', 'vite.config.ts'),
  ...shared,
]);
buildIfStale('@learnboost/api', at('api', 'dist', 'server.js'), [at('api', 'src'), at('db', 'src'), ...shared]);

const processes = Number(process.env.WEB_CONCURRENCY ?? 1);
if (processes > 1) {
  const { startMany } = await import('./start-many.mjs');
  startMany(at('api', 'dist', 'server.js'), processes);
} else {
  await import(at('api', 'dist', 'server.js'));
}
