// The scheduler fitted to each learner: optimising 100,000 reviews of 5,000 cards end to end
// (request → kept parameters) beside the fsrs-rs binding's computeParameters alone on the same
// items in this process; a review of another learner while an optimisation runs, beside the same
// review with none running; a 30-day forecast of 20,000 cards.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiRequire, ms, percentile, postJson, root, startServer } from '../lib.mjs';

const CARDS = 5000;
const REVIEWS_PER_CARD = 20;
const FORECAST_CARDS = 20_000;
const RUNS = 3;
const DAY = 86_400_000;

function buildPackage(notes, reviewsPerCard) {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'lb-sched-bench-')), 'bench.apkg');
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/anki-package.ts', String(notes), String(reviewsPerCard), out],
    { cwd: path.join(root, 'api'), encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`building the bench package failed: ${run.stderr}`);
  const apkg = readFileSync(out);
  rmSync(path.dirname(out), { recursive: true, force: true });
  return apkg;
}

const peakRss = (pid) =>
  Number(
    readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmHWM:'))
      ?.match(/(\d+)/)?.[1] ?? 0,
  ) * 1024;

async function learner(url, name) {
  const reg = await postJson(`${url}/api/auth/register`, {
    username: name,
    email: `${name}@learnboost.test`,
    password: 'bench-pass',
  });
  const { token } = await reg.json();
  const auth = { authorization: `Bearer ${token}` };
  // Optimising by itself after an import would race the bench's own requests.
  await fetch(`${url}/api/scheduler`, {
    method: 'PATCH',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ autoOptimize: false }),
  });
  return { token, auth };
}

async function importPackage(url, token, apkg) {
  const form = new FormData();
  form.append('file', new Blob([apkg]), 'bench.apkg');
  const preview = await (
    await fetch(`${url}/api/flashcards/import/anki`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
  ).json();
  const res = await postJson(`${url}/api/flashcards/import/anki/${preview.importId}/commit`, {}, token);
  if (res.status !== 201) throw new Error(`commit answered ${res.status}`);
}

/** The same items the api's worker makes, from the exported review log (UTC learner days). */
function itemsOf(csv, binding) {
  const byCard = new Map();
  for (const line of csv.trim().split('\n').slice(1)) {
    const [card, time, rating] = line.split(',');
    if (!byCard.has(card)) byCard.set(card, []);
    byCard.get(card).push({ day: Math.floor(Number(time) / DAY), rating: Number(rating) });
  }
  const items = [];
  for (const reviews of byCard.values()) {
    const seq = [];
    reviews.forEach((r, i) => {
      const delta = i === 0 ? 0 : r.day - reviews[i - 1].day;
      seq.push(new binding.FSRSBindingReview(r.rating, delta));
      if (i > 0 && delta > 0) items.push(new binding.FSRSBindingItem(seq.slice()));
    });
  }
  return items;
}

async function optimiseOnce(url, auth) {
  const t0 = performance.now();
  const started = await fetch(`${url}/api/scheduler/optimize`, { method: 'POST', headers: auth });
  if (started.status !== 202) throw new Error(`optimize answered ${started.status}: ${await started.text()}`);
  const { jobId } = await started.json();
  for (;;) {
    const job = await (await fetch(`${url}/api/scheduler/optimize/${jobId}`, { headers: auth })).json();
    if (job.status === 'done') return { ms: performance.now() - t0, result: job.result };
    if (job.status === 'failed') throw new Error(job.error);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function timeReviews(url, auth, cardIds, while_) {
  const times = [];
  let i = 0;
  while (while_() && i < cardIds.length) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/flashcards/${cardIds[i++]}/review`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ rating: 3 }),
    });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return times;
}

export const title = 'Scheduler: optimising, reviewing meanwhile, forecasting';

export async function run({ databaseUrl }) {
  const db = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const binding = await import(apiRequire.resolve('@open-spaced-repetition/binding'));
  const server = await startServer({
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  try {
    const fitter = await learner(server.url, 'fitter');
    await importPackage(server.url, fitter.token, buildPackage(CARDS, REVIEWS_PER_CARD));
    const csv = await (await fetch(`${server.url}/api/scheduler/revlog.csv`, { headers: fitter.auth })).text();
    const items = itemsOf(csv, binding);

    const floors = [];
    const ends = [];
    let result;
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now();
      await binding.computeParameters(items, { enableShortTerm: true });
      floors.push(performance.now() - t0);
      await fetch(`${server.url}/api/scheduler/reset`, { method: 'POST', headers: fitter.auth });
      const once = await optimiseOnce(server.url, fitter.auth);
      ends.push(once.ms);
      result = once.result;
    }
    const rss = peakRss(server.pid);

    // Another learner reviews while the fitter's optimisation runs, then with nothing running.
    const other = await learner(server.url, 'reviewer');
    const content = Array.from({ length: 600 }, (_, i) => `q${i}\ta${i}`).join('\n');
    await postJson(`${server.url}/api/flashcards/import`, { content, skipDuplicates: false }, other.token);
    const deck = await (await fetch(`${server.url}/api/flashcards?limit=600`, { headers: other.auth })).json();
    const ids = deck.cards.map((c) => c.id);
    await timeReviews(server.url, other.auth, ids.slice(0, 20), () => true);
    let running = true;
    const optimising = optimiseOnce(server.url, fitter.auth).finally(() => {
      running = false;
    });
    await new Promise((r) => setTimeout(r, 100));
    const during = await timeReviews(server.url, other.auth, ids.slice(20, 400), () => running);
    await optimising;
    const idle = await timeReviews(server.url, other.auth, ids.slice(400, 400 + during.length), () => true);

    // A 30-day forecast of 20,000 cards.
    const planner = await learner(server.url, 'planner');
    await importPackage(server.url, planner.token, buildPackage(FORECAST_CARDS, 3));
    const forecast = [];
    for (let i = 0; i < 12; i++) {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/scheduler/forecast?days=30`, { headers: planner.auth });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`forecast answered ${res.status}`);
      if (i >= 2) forecast.push(performance.now() - t0);
    }
    const me = await (await fetch(`${server.url}/api/flashcards?limit=1`, { headers: planner.auth })).json();
    const floorT0 = performance.now();
    await (await fetch(`${server.url}/api/flashcards?limit=1`, { headers: planner.auth })).arrayBuffer();
    const floorMs = performance.now() - floorT0;

    return [
      [
        `optimise ${(CARDS * REVIEWS_PER_CARD).toLocaleString('en-US')} reviews of ${CARDS.toLocaleString('en-US')} cards end to end (${db}; ${result.reviews.toLocaleString('en-US')} items, kept: ${result.kept}): p50 of ${RUNS}`,
        `${ms(percentile(ends, 50))} (goal ≤ 1.5× the floor: ${(percentile(ends, 50) / percentile(floors, 50)).toFixed(2)}×); api + worker peak RSS ${(rss / 2 ** 20).toFixed(0)} MB (goal < 1 GB)`,
        `computeParameters alone, same items, this process: p50 ${ms(percentile(floors, 50))}`,
      ],
      [
        `PUT /review of another learner while an optimisation runs (${db}; ${during.length} reviews)`,
        `p50 ${ms(percentile(during, 50))}, p99 ${ms(percentile(during, 99))} (goal p50 < 10 ms, p99 < 50 ms)`,
        `the same reviews with none running: p50 ${ms(percentile(idle, 50))}, p99 ${ms(percentile(idle, 99))}`,
      ],
      [
        `GET /scheduler/forecast?days=30, ${FORECAST_CARDS.toLocaleString('en-US')} cards (${db})`,
        `p50 ${ms(percentile(forecast, 50))} (goal < 300 ms)`,
        `a one-card page of the same learner's deck: ${ms(floorMs)} (${me.total} cards)`,
      ],
    ];
  } finally {
    await server.stop();
  }
}
