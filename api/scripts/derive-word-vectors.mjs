// Run by `pnpm install` (postinstall): derives the compact word-vector table the study agent
// loads (api/src/lib/nlp/word-vectors.ts says why). Skips the work when the table is there.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../.cache/word-vectors-v1.bin', import.meta.url))) {
  const started = Date.now();
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', '-e', "import('./src/lib/nlp/word-vectors.ts').then((m) => m.deriveWordVectors())"],
    { cwd: new URL('..', import.meta.url), stdio: 'inherit' },
  );
  // Never fail an install over it (a production install has no tsx): the engine derives the
  // table on its first question instead, a few seconds once.
  if (r.status !== 0) console.warn('Could not derive the word-vector table now; the study agent will on first use.');
  else console.log(`Derived the word-vector table in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
