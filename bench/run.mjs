// `pnpm bench`: builds the api if needed, runs every suite in bench/suites on PGlite (and on
// PostgreSQL when BENCH_DATABASE_URL is set), and writes docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, serverJs, withFreshDatabase } from './lib.mjs';

if (!existsSync(serverJs) || process.env.BENCH_REBUILD !== 'false') {
  const built = spawnSync('pnpm', ['--filter', '@learnboost/api', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const only = process.argv[2];
const suiteDir = path.join(root, 'bench', 'suites');
const databases = [undefined, process.env.BENCH_DATABASE_URL].filter((v, i) => i === 0 || v);
const sections = [];
for (const file of readdirSync(suiteDir)
  .filter((f) => f.endsWith('.mjs') && (!only || f.includes(only)))
  .sort()) {
  const suite = await import(path.join(suiteDir, file));
  const rows = [];
  for (const databaseUrl of databases) {
    console.log(`${suite.title}${databaseUrl ? ' (PostgreSQL)' : ' (PGlite)'}...`);
    rows.push(
      ...(databaseUrl
        ? await withFreshDatabase(databaseUrl, (fresh) => suite.run({ databaseUrl: fresh }))
        : await suite.run({})),
    );
  }
  sections.push(
    `## ${suite.title}\n\n${only ? `Refreshed on its own on ${new Date().toISOString().slice(0, 10)} by \`pnpm bench ${only}\`.\n\n` : ''}| what | measured | floor, same run |\n|---|---|---|\n${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}\n`,
  );
  console.log(rows.map((r) => `  ${r.join('  |  ')}`).join('\n'));
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const doc = `# Benchmarks

Made by \`BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm bench\` (PGlite always;
PostgreSQL when \`BENCH_DATABASE_URL\` is set) on ${new Date().toISOString().slice(0, 10)}, ${machine}.
Each row stands beside its floor, measured in the same run: the least the same work could cost
on this machine. Rerun the command to refresh this file.

${sections.join('\n')}`;
const docPath = path.join(root, 'docs', 'benchmarks.md');
if (!only) writeFileSync(docPath, doc);
else if (existsSync(docPath)) {
  // A partial run replaces only its own sections, so one suite can be refreshed without the others.
  let current = readFileSync(docPath, 'utf8');
  for (const section of sections) {
    const heading = section.split('\n')[0];
    const start = current.indexOf(`${heading}\n`);
    if (start < 0) {
      current = `${current.trimEnd()}\n\n${section}`;
      continue;
    }
    const next = current.indexOf('\n## ', start + heading.length);
    current = `${current.slice(0, start)}${section}${next < 0 ? '' : current.slice(next)}`;
  }
  writeFileSync(docPath, current);
}
console.log(only ? `Partial run: refreshed its sections of docs/benchmarks.md.` : 'Wrote docs/benchmarks.md');
