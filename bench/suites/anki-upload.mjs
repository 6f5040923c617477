// Uploading a 200 MB Anki package (a few cards, 37 large scanned images): the api's peak resident
// memory above its idle, for one upload (preview, then commit) and for four learners at once,
// beside the file's size. The package is streamed to disk as it arrives and its images are read
// one zip entry at a time (docs/anki.md), so memory should not grow with the file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postJson, root, startServer } from '../lib.mjs';

const IMAGES = 37;
const IMAGE_BYTES = 5_300_000;

function buildPackage(images = IMAGES, imageBytes = IMAGE_BYTES) {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'lb-upload-bench-')), 'scans.apkg');
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/anki-media-package.ts', String(images), String(imageBytes), out],
    { cwd: path.join(root, 'api'), encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`building the bench package failed: ${run.stderr}`);
  const apkg = readFileSync(out);
  rmSync(path.dirname(out), { recursive: true, force: true });
  return apkg;
}

const status = (pid) => readFileSync(`/proc/${pid}/status`, 'utf8');
const kb = (text, field) => Number(text.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) * 1024;
/** Resident memory now, after the process has settled. */
const rss = (pid) => kb(status(pid), 'VmRSS');
/** The peak since the last reset (writing 5 to clear_refs resets it). */
const peak = (pid) => kb(status(pid), 'VmHWM');
const resetPeak = (pid) => writeFileSync(`/proc/${pid}/clear_refs`, '5');
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

async function importOnce(url, token, apkg, afterPreview = () => undefined, images = IMAGES) {
  const form = new FormData();
  form.append('file', new Blob([apkg]), 'scans.apkg');
  const res = await fetch(`${url}/api/flashcards/import/anki`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const preview = await res.json();
  if (res.status !== 200 || preview.media !== images)
    throw new Error(`preview: ${res.status} ${JSON.stringify(preview)}`);
  afterPreview();
  const commit = await postJson(`${url}/api/flashcards/import/anki/${preview.importId}/commit`, {}, token);
  if (commit.status !== 201) throw new Error(`commit: ${commit.status} ${await commit.text()}`);
  await commit.arrayBuffer();
}

export const title = 'Anki upload: a 200 MB package of scanned images, memory above idle';

export async function run({ databaseUrl }) {
  const db = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const apkg = buildPackage();
  const server = await startServer({
    SEED_DEMO: 'false',
    IMPORT_CONCURRENCY: '4',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  try {
    const learners = [];
    for (let i = 0; i < 4; i++) {
      const reg = await postJson(`${server.url}/api/auth/register`, {
        username: `uploader${i}`,
        email: `uploader${i}@learnboost.test`,
        password: 'bench-pass',
      });
      learners.push((await reg.json()).token);
    }
    // One small import first, as the fault test does: what any import loads once (sql.js and its
    // WebAssembly, the zip reader; about 60 MB) is the process's, not the upload's.
    const warm = await postJson(`${server.url}/api/auth/register`, {
      username: 'warmup',
      email: 'warmup@learnboost.test',
      password: 'bench-pass',
    });
    await importOnce(server.url, (await warm.json()).token, buildPackage(1, 1000), undefined, 1);
    await new Promise((r) => setTimeout(r, 500));
    const idle = rss(server.pid);
    resetPeak(server.pid);
    let upload = 0;
    await importOnce(server.url, learners[0], apkg, () => {
      upload = peak(server.pid) - idle;
      resetPeak(server.pid);
    });
    const commit = peak(server.pid) - idle;

    await new Promise((r) => setTimeout(r, 500));
    const idleAgain = rss(server.pid);
    resetPeak(server.pid);
    await Promise.all(learners.map((token) => importOnce(server.url, token, apkg)));
    const four = peak(server.pid) - idleAgain;
    return [
      [
        `one upload and its preview (${db}; ${mb(apkg.length)} .apkg, ${IMAGES} images)`,
        `peak ${mb(upload)} above idle (bar ≤ 64 MB)`,
        `the file: ${mb(apkg.length)}; idle RSS ${mb(idle)}`,
      ],
      [
        `its commit: the ${IMAGES} images stored one at a time (${db})`,
        `peak ${mb(commit)} above idle (bar ≤ 64 MB)`,
        `the images: ${mb(IMAGES * IMAGE_BYTES)}; idle RSS ${mb(idle)} (the same idle)`,
      ],
      [
        `four learners uploading it at once (${db}, IMPORT_CONCURRENCY=4)`,
        `peak ${mb(four)} above idle (bar ≤ 256 MB)`,
        `the files: ${mb(4 * apkg.length)}; idle RSS ${mb(idleAgain)}`,
      ],
    ];
  } finally {
    await server.stop();
  }
}
