// `pnpm ai:eval`: measures the built-in engine against issue 14's bars on the evaluation corpus
// (api/test/fixtures/eval) and writes the figures to docs/ai-quality.md.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { evaluate } from './evaluate';

const here = import.meta.dirname;
const root = path.resolve(here, '../../..');
const { rows, doc, read } = await evaluate();
writeFileSync(path.join(root, 'docs', 'ai-quality.md'), doc);
writeFileSync(path.join(here, 'wh-questions.json'), `${JSON.stringify(read, null, 2)}\n`);
for (const r of rows) console.log(`${r.ok ? 'ok  ' : 'MISS'} ${r.bar}: ${r.measured}`);
console.log('Wrote docs/ai-quality.md');
process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
