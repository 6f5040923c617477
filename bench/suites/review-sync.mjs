// Offline reviews synced: 1,000 reviews of 200 cards in one call, beside the same reviews through
// the online review service one by one; and the same batch sent again (every id recorded already).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ms, root } from '../lib.mjs';

export const title = 'Offline study: review sync, and what the installable app downloads';

function syncInProcess(databaseUrl) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/sync-in-process.ts', databaseUrl ?? ''], {
    cwd: path.join(root, 'api'),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`in-process sync bench failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1));
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** The built app's entry chunk and the service worker's precache (web/dist, as `pnpm start` serves it). */
function webSizes() {
  const dist = path.join(root, 'web', 'dist');
  if (!existsSync(path.join(dist, 'sw.js'))) return null;
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = html.match(/<script type="module"[^>]*src="\/([^"]+)"/)?.[1];
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
  const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const sw = readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]);
  const bytes = urls.reduce((sum, url) => sum + readFileSync(path.join(dist, url.split('?')[0])).length, 0);
  const gzBytes = urls.reduce((sum, url) => sum + gz(url.split('?')[0]), 0);
  const chunks = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js')).length;
  return {
    entry: entry ? gz(entry) : 0,
    initial: [entry, ...preloads].reduce((s, f) => s + (f ? gz(f) : 0), 0),
    urls,
    bytes,
    gzBytes,
    chunks,
  };
}

export async function run({ databaseUrl }) {
  const db = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const { sync, duplicate, floor } = syncInProcess(databaseUrl);
  const rows = [
    [
      `Sync 1,000 offline reviews of 200 cards in one call (${db}; bar < 2 s)`,
      ms(sync),
      `the same reviews through the online review service one by one ${ms(floor)}`,
    ],
    [`The same 1,000 sent again: every id recorded, nothing written (${db})`, ms(duplicate), `first send ${ms(sync)}`],
  ];
  const web = databaseUrl ? null : webSizes();
  if (web) {
    rows.push([
      'Web app: entry chunk, gzipped (bar ≤ 120 kB; every screen lazy)',
      kB(web.entry),
      `with the libraries it preloads (React, zod, Radix): ${kB(web.initial)}`,
    ]);
    rows.push([
      `Service worker precache: ${web.urls.length} files (shell, ${web.chunks} chunks, icons, manifest)`,
      `${kB(web.bytes)} (${kB(web.gzBytes)} gzipped on the wire)`,
      '–',
    ]);
  }
  return rows;
}
