// GET /api/dashboard/overview for a learner with 50,000 reviews, beside the raw aggregate
// queries it stands on, run on the same engine and data.
import { scryptSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiRequire, ms, percentile, postJson, root, startServer, timeRequests } from '../lib.mjs';

const REVIEWS = 50_000;
const USER = '00000000-0000-4000-8000-0000000000b1';
const EMAIL = 'overview@learnboost.test';
const PASSWORD = 'bench-pass';

function passwordHash() {
  const salt = Buffer.from('0123456789abcdef');
  const key = scryptSync(PASSWORD, salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 2 ** 26 });
  return `scrypt$32768$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

const SEED = [
  `insert into users (id, username, email, password_hash, time_zone) values ('${USER}', 'overview', '${EMAIL}', '${passwordHash()}', 'Europe/Berlin')`,
  `insert into decks (user_id, name, is_default) values ('${USER}', 'My Flashcards', true)`,
  `insert into flashcards (user_id, deck_id, question, answer, due, created_at)
     select '${USER}', (select id from decks where user_id = '${USER}'), 'q' || g, 'a' || g, now() + (g % 5) * interval '1 day', now() - interval '400 days' from generate_series(1, 2000) g`,
  `insert into flashcard_reviews (card_id, user_id, rating, state, due, stability, difficulty, elapsed_days,
       last_elapsed_days, scheduled_days, learning_steps, state_after, reviewed_at, duration_ms)
     select c.id, '${USER}', 1 + (g % 4), 2, now(), 1, 5, 1, 1, 1, 0, 2,
       now() - (g % 365) * interval '1 day' - (g % 600) * interval '1 minute', 20000
     from generate_series(1, ${REVIEWS}) g
     join (select id, (row_number() over (order by id)) - 1 as n from flashcards where user_id = '${USER}') c on c.n = g % 2000`,
  `insert into study_sessions (user_id, title, subject, duration_minutes, scheduled_at, completed_at)
     select '${USER}', 'Session ' || g, (array['Maths','History','Biology'])[1 + g % 3], 30,
       now() - g * interval '1 day', case when g % 2 = 0 then now() - g * interval '1 day' end
     from generate_series(1, 200) g`,
  // The rollup the api keeps review by review, made in one go.
  `insert into study_days (user_id, day, reviews, review_ms, remembered, last_review_at)
     select user_id, to_char(reviewed_at at time zone 'Europe/Berlin', 'YYYY-MM-DD'), count(*),
       sum(least(duration_ms, 60000)), count(*) filter (where rating > 1), max(reviewed_at)
     from flashcard_reviews where user_id = '${USER}' group by 1, 2`,
];

// The overview's aggregates, written by hand: its floor.
const RAW = [
  `select day, reviews, review_ms, remembered, last_review_at from study_days
     where user_id = '${USER}' and day >= to_char(now() - interval '400 days', 'YYYY-MM-DD')`,
  `select to_char(least(scheduled_at, completed_at) at time zone 'Europe/Berlin', 'YYYY-MM-DD') d, count(*), sum(duration_minutes)
     from study_sessions where user_id = '${USER}' and completed_at is not null group by 1`,
  `select distinct to_char(scheduled_at at time zone 'Europe/Berlin', 'YYYY-MM-DD') from study_sessions where user_id = '${USER}'`,
  `select to_char(created_at at time zone 'Europe/Berlin', 'YYYY-MM-DD') d, count(*), max(created_at) from flashcards
     where user_id = '${USER}' and created_at >= now() - interval '400 days' group by 1`,
  `select subject, count(*) filter (where completed_at is not null), count(*) filter (where completed_at is null)
     from study_sessions where user_id = '${USER}' group by subject`,
  `select (select sum(reviews) from study_days where user_id = '${USER}'), (select count(*) from flashcards where user_id = '${USER}')`,
  `select reviewed_at from flashcard_reviews where user_id = '${USER}' order by reviewed_at offset 999 limit 1`,
];

function migrationStatements() {
  const dir = path.join(root, 'db', 'migrations');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').split('--> statement-breakpoint'))
    .filter((s) => s.trim());
}

export const title = 'Dashboard: the overview of a learner with 50,000 reviews';

export async function run({ databaseUrl }) {
  const db = databaseUrl ? 'PostgreSQL' : 'PGlite';
  let rawTimes;
  let server;
  if (databaseUrl) {
    server = await startServer({ DATABASE_URL: databaseUrl, SEED_DEMO: 'false' });
    const sql = apiRequire('postgres')(databaseUrl, { max: 1, onnotice: () => {} });
    for (const statement of SEED) await sql.unsafe(statement);
    await sql.unsafe('analyze');
    rawTimes = await timeRequests(30, async () => {
      for (const q of RAW) await sql.unsafe(q);
    });
    await sql.end();
  } else {
    // PGlite's files open in one process at a time: seed and measure the floor here first,
    // then hand the same data directory to the api.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lb-bench-'));
    const { PGlite } = await import(apiRequire.resolve('@electric-sql/pglite'));
    const pg = new PGlite(path.join(dataDir, 'pglite'));
    await pg.exec(`create schema if not exists drizzle;
      create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
    for (const statement of migrationStatements()) await pg.exec(statement);
    // Mark them applied, as drizzle's migrator would, so the api does not run them again.
    const journal = JSON.parse(readFileSync(path.join(root, 'db', 'migrations', 'meta', '_journal.json'), 'utf8'));
    const { createHash } = await import('node:crypto');
    for (const entry of journal.entries) {
      const text = readFileSync(path.join(root, 'db', 'migrations', `${entry.tag}.sql`), 'utf8');
      await pg.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        createHash('sha256').update(text).digest('hex'),
        entry.when,
      ]);
    }
    for (const statement of SEED) await pg.exec(statement);
    await pg.exec('analyze');
    rawTimes = await timeRequests(30, async () => {
      for (const q of RAW) await pg.query(q);
    });
    await pg.close();
    server = await startServer({ SEED_DEMO: 'false' }, dataDir);
  }
  try {
    const login = await postJson(`${server.url}/api/auth/login`, { email: EMAIL, password: PASSWORD });
    const { token } = await login.json();
    const get = async () => {
      const res = await fetch(`${server.url}/api/dashboard/overview`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`overview answered ${res.status}: ${await res.text()}`);
      return res.json();
    };
    const first = await get();
    if (first.activity.filter((d) => d.count > 0).length < 300) throw new Error('the seeded history did not arrive');
    const times = await timeRequests(30, get);
    return [
      [
        `GET /api/dashboard/overview, ${REVIEWS.toLocaleString('en-US')} reviews over a year (${db}, over HTTP)`,
        `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`,
        `its ${RAW.length} raw aggregate queries, run in turn, p50 ${ms(percentile(rawTimes, 50))}`,
      ],
    ];
  } finally {
    await server.stop();
  }
}
