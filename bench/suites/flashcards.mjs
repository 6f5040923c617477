// One review (FSRS + write) and the deck of a 10,000-card learner, each beside its floor:
// ts-fsrs `next` plus one raw UPDATE, and the raw SQL query plus JSON.stringify, on the same engine.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { apiRequire, migratedPglite, ms, percentile, postJson, root, startBenchServer, timeRequests } from '../lib.mjs';

const DECK = 10_000;
const DECK_SQL = `select id, question, answer, due, state, reps, lapses, scheduled_days, last_review, created_at
  from flashcards where user_id = $1 order by due, id limit 1001`;
const COUNT_SQL = `select count(*)::int as total, (count(*) filter (where due <= now()))::int as due
  from flashcards where user_id = $1`;
const UPDATE_SQL = `update flashcards set due = $2, stability = $3, difficulty = $4, elapsed_days = $5,
  scheduled_days = $6, learning_steps = $7, reps = $8, lapses = $9, state = $10, last_review = $11,
  updated_at = now() where id = $1`;

async function seedDeck(url, token) {
  for (let part = 0; part < DECK / 5000; part++) {
    const content = Array.from({ length: 5000 }, (_, i) => `Question ${part * 5000 + i}?,Answer ${i}`).join('\n');
    const res = await postJson(`${url}/api/flashcards/import`, { content }, token);
    if (res.status !== 201) throw new Error(`import answered ${res.status}`);
  }
}

/** Runs SQL with $n parameters on PostgreSQL (postgres.js) or on an in-process PGlite. */
async function rawEngine(databaseUrl) {
  if (databaseUrl) {
    const sql = apiRequire('postgres')(databaseUrl, { max: 1, onnotice: () => {} });
    return { query: (text, params) => sql.unsafe(text, params), close: () => sql.end() };
  }
  // The api's PGlite lives in its server process; the floor gets its own, with the same migrations.
  const db = await migratedPglite();
  await db.query(
    `insert into users (id, username, email, password_hash) values ('00000000-0000-4000-8000-000000000001', 'floor', 'floor@x', 'x')`,
  );
  await db.query(
    `insert into decks (id, user_id, name, is_default) values ('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-000000000001', 'My Flashcards', true)`,
  );
  await db.query(`insert into flashcards (user_id, deck_id, question, answer)
    select '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000d1', 'Question ' || g || '?', 'Answer ' || g from generate_series(1, ${DECK}) g`);
  return {
    query: async (text, params) => (await db.query(text, params)).rows,
    close: () => db.close(),
    userId: '00000000-0000-4000-8000-000000000001',
  };
}

/** The review service in-process (FSRS + its one atomic write) against the same floor, same engine. */
function reviewInProcess(databaseUrl) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/review-in-process.ts', databaseUrl ?? ''], {
    cwd: path.join(root, 'api'),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`in-process review bench failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1));
}

export const title = 'Flashcards: one review, and a 10,000-card deck';

export async function run({ databaseUrl }) {
  const db = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const server = await startBenchServer(databaseUrl);
  const engine = await rawEngine(databaseUrl);
  try {
    const reg = await postJson(`${server.url}/api/auth/register`, {
      username: 'bench',
      email: 'bench@learnboost.test',
      password: 'bench-pass',
    });
    const { id: userId, token } = await reg.json();
    await seedDeck(server.url, token);
    const floorUser = engine.userId ?? userId;

    const get = () => fetch(`${server.url}/api/flashcards`, { headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < 5; i++) await (await get()).arrayBuffer();
    const lists = await timeRequests(40, async () => {
      const res = await get();
      if (res.status !== 200) throw new Error(`deck answered ${res.status}`);
      await res.arrayBuffer();
    });
    const rawLists = await timeRequests(40, async () => {
      const [rows, counts] = await Promise.all([
        engine.query(DECK_SQL, [floorUser]),
        engine.query(COUNT_SQL, [floorUser]),
      ]);
      JSON.stringify({ cards: rows, ...counts[0] });
    });

    const deck = await (await get()).json();
    const cardIds = deck.cards.map((c) => c.id);
    const reviews = await timeRequests(200, async (i) => {
      const res = await fetch(`${server.url}/api/flashcards/${cardIds[i]}/review`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ remembered: i % 3 !== 0 }),
      });
      if (res.status !== 200) throw new Error(`review answered ${res.status}`);
      await res.arrayBuffer();
    });
    const { fsrs, createEmptyCard, Rating } = apiRequire('ts-fsrs');
    const scheduler = fsrs();
    const floorIds = (await engine.query('select id from flashcards where user_id = $1 limit 200', [floorUser])).map(
      (r) => r.id,
    );
    const rawReviews = await timeRequests(200, async (i) => {
      const { card } = scheduler.next(createEmptyCard(new Date()), new Date(), i % 3 ? Rating.Good : Rating.Again);
      await engine.query(UPDATE_SQL, [
        floorIds[i],
        card.due,
        card.stability,
        card.difficulty,
        card.elapsed_days,
        card.scheduled_days,
        card.learning_steps,
        card.reps,
        card.lapses,
        card.state,
        new Date(),
      ]);
    });

    const inProcess = reviewInProcess(databaseUrl);
    return [
      [
        `one review in-process: FSRS + one atomic write of card, log and day rollup (${db}, 300 sequential); bar p50 < 5 ms and ≤ 3× floor`,
        `p50 ${ms(percentile(inProcess.service, 50))}, p95 ${ms(percentile(inProcess.service, 95))}; p50 ${(percentile(inProcess.service, 50) / percentile(inProcess.floor, 50)).toFixed(1)}× floor`,
        `ts-fsrs next + one raw UPDATE (sent ad hoc, as the driver sends any query), same engine, timed in turns with it: p50 ${ms(percentile(inProcess.floor, 50))}`,
      ],
      [
        `the same review sent again with its id (a retry after a lost answer; ${db}, 300 sequential): recognised, nothing written`,
        `p50 ${ms(percentile(inProcess.repeat, 50))}, p95 ${ms(percentile(inProcess.repeat, 95))}; the log holds each review once`,
        `the first copy of each, above: p50 ${ms(percentile(inProcess.service, 50))}`,
      ],
      [
        `PUT /api/flashcards/{id}/review (${db}, 200 sequential, over HTTP: the review above plus HTTP, token, validation); bar p50 < 5 ms`,
        `p50 ${ms(percentile(reviews, 50))}, p95 ${ms(percentile(reviews, 95))}`,
        `ts-fsrs next + one raw UPDATE, in-process (no HTTP: the ≤ 3× bar is the row above) p50 ${ms(percentile(rawReviews, 50))}`,
      ],
      [
        `GET /api/flashcards, ${DECK.toLocaleString('en-US')}-card deck, default page of 1,000 (${db}, over HTTP)`,
        `p50 ${ms(percentile(lists, 50))}, p95 ${ms(percentile(lists, 95))}`,
        `raw SQL page + count + JSON.stringify p50 ${ms(percentile(rawLists, 50))}`,
      ],
    ];
  } finally {
    await engine.close();
    await server.stop();
  }
}
