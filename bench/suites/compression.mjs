// A 1,000-card deck page with and without compression: p50 and bytes on the wire. The floor is
// the same request asking for no encoding (the api then compresses nothing), timed in turns.
import http from 'node:http';
import { ms, percentile, postJson, startServer } from '../lib.mjs';

const CARDS = 1000;

/** One GET, its bytes as they crossed the wire and the time until the last one arrived. */
function get(url, headers) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (c) => {
          bytes += c.length;
        });
        res.on('end', () => resolve({ ms: performance.now() - t0, bytes, encoding: res.headers['content-encoding'] }));
      })
      .on('error', reject);
  });
}

export const title = 'Wire: a 1,000-card deck page, compressed and not';

export async function run({ databaseUrl }) {
  const db = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const server = await startServer({ ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), SEED_DEMO: 'false' });
  try {
    const reg = await postJson(`${server.url}/api/auth/register`, {
      username: 'wire',
      email: 'wire@learnboost.test',
      password: 'wire-pass',
    });
    const { token } = await reg.json();
    const content = Array.from(
      { length: CARDS },
      (_, i) => `What does term ${i} mean in chapter ${i % 12}?,Its meaning number ${i}`,
    ).join('\n');
    await postJson(`${server.url}/api/flashcards/import`, { content }, token);
    const url = `${server.url}/api/flashcards`;
    const auth = { authorization: `Bearer ${token}` };
    for (let i = 0; i < 10; i++) {
      await get(url, { ...auth, 'accept-encoding': 'br, gzip' });
      await get(url, auth);
    }
    const packed = [];
    const plain = [];
    for (let i = 0; i < 60; i++) {
      packed.push(await get(url, { ...auth, 'accept-encoding': 'gzip, deflate, br' }));
      plain.push(await get(url, auth));
    }
    const p50 = (xs) =>
      percentile(
        xs.map((x) => x.ms),
        50,
      );
    const ratio = p50(packed) / p50(plain);
    return [
      [
        `GET /api/flashcards, ${CARDS.toLocaleString('en-US')} cards (${db}, over HTTP, Accept-Encoding: br; bar ≤ 1.5× uncompressed p50)`,
        `p50 ${ms(p50(packed))} (${ratio.toFixed(2)}×), ${(packed[0].bytes / 1024).toFixed(0)} kB on the wire (${packed[0].encoding})`,
        `the same page uncompressed: p50 ${ms(p50(plain))}, ${(plain[0].bytes / 1024).toFixed(0)} kB`,
      ],
    ];
  } finally {
    await server.stop();
  }
}
