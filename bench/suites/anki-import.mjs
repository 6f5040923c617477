// Importing an Anki package of 20,000 notes and 200,000 reviews over HTTP (preview, then commit),
// with the api's peak RSS, beside the floor: sql.js reading the same collection's notes, cards
// and review log in this process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiRequire, ms, postJson, root, startServer } from '../lib.mjs';

const NOTES = 20_000;
const REVIEWS_PER_CARD = 10;

/** The package, built by the test fixtures' builder from Anki's published schema (in TypeScript, so through tsx). */
function buildPackage() {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'lb-anki-bench-')), 'bench.apkg');
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/anki-package.ts', String(NOTES), String(REVIEWS_PER_CARD), out],
    { cwd: path.join(root, 'api'), encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`building the bench package failed: ${run.stderr}`);
  const apkg = readFileSync(out);
  rmSync(path.dirname(out), { recursive: true, force: true });
  return apkg;
}

/** The floor: sql.js opening the collection and reading every note, card and review row. */
async function readWithSqlJs(bytes) {
  const t0 = performance.now();
  const SQL = await apiRequire('sql.js')();
  const db = new SQL.Database(bytes);
  let rows = 0;
  for (const q of ['select * from notes', 'select * from cards', 'select * from revlog order by cid, id']) {
    const stmt = db.prepare(q);
    while (stmt.step()) {
      stmt.get();
      rows++;
    }
    stmt.free();
  }
  db.close();
  return { ms: performance.now() - t0, rows };
}

const peakRss = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
};

export const title = 'Anki import: an .apkg of 20,000 notes and 200,000 reviews';

export async function run({ databaseUrl }) {
  const db = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const apkg = buildPackage();
  const floor = await readWithSqlJs(apiRequire('fflate').unzipSync(apkg)['collection.anki2']);

  const server = await startServer({ SEED_DEMO: 'false', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  try {
    const reg = await postJson(`${server.url}/api/auth/register`, {
      username: 'ankibench',
      email: 'anki-bench@learnboost.test',
      password: 'bench-pass',
    });
    const { token } = await reg.json();
    const t0 = performance.now();
    const form = new FormData();
    form.append('file', new Blob([apkg]), 'bench.apkg');
    const previewRes = await fetch(`${server.url}/api/flashcards/import/anki`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const preview = await previewRes.json();
    if (previewRes.status !== 200 || preview.cards !== NOTES) throw new Error(`preview: ${JSON.stringify(preview)}`);
    const t1 = performance.now();
    const commitRes = await postJson(`${server.url}/api/flashcards/import/anki/${preview.importId}/commit`, {}, token);
    const result = await commitRes.json();
    if (commitRes.status !== 201 || result.reviews !== NOTES * REVIEWS_PER_CARD) {
      throw new Error(`commit: ${commitRes.status} ${JSON.stringify(result)}`);
    }
    const t2 = performance.now();
    const rss = peakRss(server.pid);
    return [
      [
        `preview + commit over HTTP (${db}; ${(apkg.length / 2 ** 20).toFixed(1)} MB .apkg): preview ${ms(t1 - t0)}, commit ${ms(t2 - t1)}`,
        `${ms(t2 - t0)} in all (goal < 20 s); api peak RSS ${(rss / 2 ** 20).toFixed(0)} MB (goal < 1 GB)`,
        `sql.js reading its ${floor.rows.toLocaleString('en-US')} rows: ${ms(floor.ms)}`,
      ],
    ];
  } finally {
    await server.stop();
  }
}
