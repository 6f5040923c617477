// The card browser's search in a 100,000-card collection, beside its floor: the same full-text
// query as raw SQL plus JSON.stringify, on the same engine and the same cards.
import { apiRequire, migratedPglite, ms, percentile, postJson, startBenchServer, timeRequests } from '../lib.mjs';

const CARDS = 100_000;
const IMPORT_BATCH = 5000;
const SEARCHES = 200;

// A vocabulary of made-up words, so each one lands on a few hundred cards, as a real word would.
const VOCABULARY = Array.from({ length: 2000 }, (_, i) => `w${(i * 7919).toString(36)}x`);
const wordAt = (n) => VOCABULARY[(n * 2654435761) % VOCABULARY.length];
const cardText = (i) => ({
  question: `Card ${i}: ${[1, 2, 3].map((k) => wordAt(i * 3 + k)).join(' ')}?`,
  answer: `${[4, 5, 6].map((k) => wordAt(i * 3 + k)).join(' ')}`,
});
const searchWord = (i) => VOCABULARY[(i * 37) % VOCABULARY.length];

const FLOOR_SQL = `select f.*, d.name as deck_name from flashcards f join decks d on d.id = f.deck_id
  where f.user_id = $1 and f.search @@ to_tsquery('simple', $2) order by f.due, f.id limit 51`;

async function seedThroughApi(url, token) {
  for (let from = 0; from < CARDS; from += IMPORT_BATCH) {
    const content = Array.from({ length: IMPORT_BATCH }, (_, k) => {
      const { question, answer } = cardText(from + k);
      return `${question}\t${answer}`;
    }).join('\n');
    const res = await postJson(`${url}/api/flashcards/import`, { content, skipDuplicates: false }, token);
    if (res.status !== 201) throw new Error(`import answered ${res.status}`);
  }
}

/** The floor's engine: the api's own database on PostgreSQL; its own PGlite with the same cards otherwise. */
async function floorEngine(databaseUrl, userId) {
  if (databaseUrl) {
    const sql = apiRequire('postgres')(databaseUrl, { max: 1, onnotice: () => {} });
    return { userId, query: (text, params) => sql.unsafe(text, params), close: () => sql.end() };
  }
  const db = await migratedPglite();
  const floorUser = '00000000-0000-4000-8000-000000000001';
  await db.query(`insert into users (id, username, email, password_hash) values ($1, 'floor', 'floor@x', 'x')`, [
    floorUser,
  ]);
  const deck = (
    await db.query(`insert into decks (user_id, name, is_default) values ($1, 'My Flashcards', true) returning id`, [
      floorUser,
    ])
  ).rows[0].id;
  for (let from = 0; from < CARDS; from += IMPORT_BATCH) {
    const batch = Array.from({ length: IMPORT_BATCH }, (_, k) => cardText(from + k));
    await db.query(
      `insert into flashcards (user_id, deck_id, question, answer) select $1, $2, q, a from unnest($3::text[], $4::text[]) as t(q, a)`,
      [floorUser, deck, batch.map((c) => c.question), batch.map((c) => c.answer)],
    );
  }
  await db.exec('analyze flashcards');
  return {
    userId: floorUser,
    query: async (text, params) => (await db.query(text, params)).rows,
    close: () => db.close(),
  };
}

export const title = 'Card browser: search in a 100,000-card collection';

export async function run({ databaseUrl }) {
  const db = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const server = await startBenchServer(databaseUrl);
  let engine;
  try {
    const reg = await postJson(`${server.url}/api/auth/register`, {
      username: 'browser',
      email: 'browser@learnboost.test',
      password: 'bench-pass',
    });
    const { id: userId, token } = await reg.json();
    await seedThroughApi(server.url, token);
    engine = await floorEngine(databaseUrl, userId);
    if (databaseUrl) await engine.query('analyze flashcards');

    const search = (i) =>
      fetch(`${server.url}/api/flashcards/search?q=${searchWord(i)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    for (let i = 0; i < 10; i++) await (await search(i)).arrayBuffer();
    let found = 0;
    const api = [];
    const floor = [];
    // In turns, so both meet the same machine load.
    for (let i = 0; i < SEARCHES; i++) {
      const t0 = performance.now();
      const res = await search(i);
      if (res.status !== 200) throw new Error(`search answered ${res.status}`);
      found += (await res.json()).cards.length;
      api.push(performance.now() - t0);
      floor.push(
        ...(await timeRequests(1, async () => {
          JSON.stringify(await engine.query(FLOOR_SQL, [engine.userId, `${searchWord(i)}:*`]));
        })),
      );
    }
    return [
      [
        `GET /api/flashcards/search?q=<one word> (${CARDS.toLocaleString('en-US')} cards of one learner, first page of 50, ${SEARCHES} searches of different words, ${(found / SEARCHES).toFixed(0)} cards per page on average; ${db}, over HTTP); bar p50 < 30 ms`,
        `p50 ${ms(percentile(api, 50))}, p95 ${ms(percentile(api, 95))}`,
        `the same full-text query as raw SQL + JSON.stringify, same engine, in turns with it: p50 ${ms(percentile(floor, 50))}, p95 ${ms(percentile(floor, 95))}`,
      ],
    ];
  } finally {
    await engine?.close();
    await server.stop();
  }
}
