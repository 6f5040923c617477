// Bundles the api into dist/server.js. The workspace's own packages (TypeScript source) are
// bundled in; every npm dependency stays external and loads from node_modules.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@learnboost/'));

// API_OUT_FILE: the e2e suite bundles to a folder of its own (still inside api/, so
// node_modules and ../package.json resolve as from dist/).
const outfile = process.env.API_OUT_FILE ?? 'dist/server.js';
const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'pino-pretty'],
  logLevel: 'warning',
};
await build({ ...options, entryPoints: ['src/server.ts'], outfile });

// The FSRS training worker (plain JavaScript) runs as a bundle of its own beside the server's:
// the server starts it by its file name, and it imports the zone offset from src/lib.
await build({
  ...options,
  entryPoints: ['src/features/scheduler/train-worker.mjs'],
  outfile: path.join(path.dirname(outfile), 'train-worker.mjs'),
});
