// Importing an Anki package of 20,000 notes and 200,000 reviews over HTTP (preview, then commit),
// with the api's peak RSS, beside the floor: sql.js reading the same collection's notes, cards
// and review log in this process.
import { readFileSync } from 'node:fs';
import { apiRequire, ms, postJson, startServer } from '../lib.mjs';

const NOTES = 20_000;
const REVIEWS_PER_CARD = 10;
const DAY = 86_400_000;

const SCHEMA = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
  models text not null, decks text not null, dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
  flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
  ivl integer not null, factor integer not null, reps integer not null, lapses integer not null, left integer not null,
  odue integer not null, odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);`;

async function buildCollection() {
  const SQL = await apiRequire('sql.js')();
  const db = new SQL.Database();
  db.exec(SCHEMA);
  const models = {
    1: {
      id: 1,
      name: 'Basic',
      type: 0,
      flds: [
        { name: 'Front', ord: 0 },
        { name: 'Back', ord: 1 },
      ],
      tmpls: [{ name: 'Card 1', ord: 0, qfmt: '{{Front}}', afmt: '{{FrontSide}}<hr id=answer>{{Back}}' }],
    },
  };
  const decks = { 1: { id: 1, name: 'Default' }, 2: { id: 2, name: 'Bench::Vocabulary' } };
  db.run("INSERT INTO col VALUES (1, 0, 0, 0, 11, 0, 0, 0, '{}', ?, ?, '{}', '{}')", [
    JSON.stringify(models),
    JSON.stringify(decks),
  ]);
  db.exec('BEGIN');
  const note = db.prepare("INSERT INTO notes VALUES (?, ?, 1, 0, -1, ' bench ', ?, ?, 0, 0, '')");
  const card = db.prepare("INSERT INTO cards VALUES (?, ?, 2, 0, 0, -1, 2, 2, 0, 1, 2500, ?, 0, 0, 0, 0, 0, '')");
  const rev = db.prepare('INSERT INTO revlog VALUES (?, ?, -1, ?, 1, 0, 2500, 6000, 1)');
  const start = Date.parse('2023-01-01T08:00:00Z');
  let revId = start;
  for (let i = 0; i < NOTES; i++) {
    note.run([1e12 + i, `g${i}`, `word <b>${i}</b>\x1fmeaning ${i}`, `word ${i}`]);
    card.run([2e12 + i, 1e12 + i, REVIEWS_PER_CARD]);
    for (let r = 0; r < REVIEWS_PER_CARD; r++) {
      revId = Math.max(revId + 1, start + i * 1000 + r * 3 * DAY);
      rev.run([revId, 2e12 + i, r % 7 === 3 ? 1 : 3]);
    }
  }
  for (const s of [note, card, rev]) s.free();
  db.exec('COMMIT');
  const bytes = db.export();
  db.close();
  return bytes;
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
  const collection = await buildCollection();
  const { zipSync } = apiRequire('fflate');
  const apkg = zipSync({ 'collection.anki2': collection, media: new TextEncoder().encode('{}') });
  const floor = await readWithSqlJs(collection);

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
