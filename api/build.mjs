// Bundles the api into dist/server.js. The workspace's own packages (TypeScript source) are
// bundled in; every npm dependency stays external and loads from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@learnboost/'));

await build({
  entryPoints: ['src/server.ts'],
  // API_OUT_FILE: the e2e suite bundles to a folder of its own (still inside api/, so
  // node_modules and ../package.json resolve as from dist/).
  outfile: process.env.API_OUT_FILE ?? 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'pino-pretty'],
  logLevel: 'warning',
});
