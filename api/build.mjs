// Bundles the api into dist/server.js. The workspace's own packages (TypeScript source) are
// bundled in; every npm dependency stays external and loads from node_modules.
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@learnboost/'));

// API_OUT_FILE: the e2e suite bundles to a folder of its own (still inside api/, so
// node_modules and ../package.json resolve as from dist/).
const outfile = process.env.API_OUT_FILE ?? 'dist/server.js';
await build({
  entryPoints: ['src/server.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'pino-pretty'],
  logLevel: 'warning',
});

// The FSRS training worker (plain JavaScript) runs as a file of its own beside the bundle.
copyFileSync('src/features/scheduler/train-worker.mjs', path.join(path.dirname(outfile), 'train-worker.mjs'));
