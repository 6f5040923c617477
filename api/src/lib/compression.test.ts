import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Learner, signUp, startApp, type TestApp } from '../../test/helper';

/** One request, its bytes as they crossed the wire (fetch would decode them). */
function raw(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const decode = (res: { headers: http.IncomingHttpHeaders; body: Buffer }) =>
  res.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(res.body)
    : res.headers['content-encoding'] === 'gzip'
      ? gunzipSync(res.body)
      : res.body;

const SCRIPT = `console.log(${JSON.stringify('LearnBoost '.repeat(400))});`;
let t: TestApp;
let learner: Learner;
beforeAll(async () => {
  // A built web app as the build leaves it: each text file with its .br and .gz beside it.
  const dist = mkdtempSync(path.join(tmpdir(), 'lb-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>LearnBoost</title><div id="root"></div>');
  const asset = path.join(dist, 'assets', 'app-abc123.js');
  writeFileSync(asset, SCRIPT);
  writeFileSync(`${asset}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${asset}.gz`, gzipSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 7));
  t = await startApp({ WEB_DIST: dist });
  learner = await signUp(t);
});
afterAll(() => t.close());

describe('compressed answers', () => {
  it('sends a built asset precompressed in the encoding asked for, and raw to a client that asks for none', async () => {
    const url = `${t.url}/assets/app-abc123.js`;
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await raw(url, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.body.length).toBeLessThan(SCRIPT.length / 10);
      expect(decode(res).toString()).toBe(SCRIPT);
    }
    const plain = await raw(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    // An image is compressed already: sent as it is.
    const image = await raw(`${t.url}/assets/logo-abc123.png`, { 'accept-encoding': 'br, gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(4096);
  });

  it('compresses a large JSON answer, with Vary, to the same JSON; a small one goes as it is', async () => {
    const content = Array.from({ length: 200 }, (_, i) => `Question ${i}?,Answer ${i}`).join('\n');
    await t.request('POST', '/api/flashcards/import', { token: learner.token, body: { content } });
    const auth = { authorization: `Bearer ${learner.token}` };
    const packed = await raw(`${t.url}/api/flashcards`, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    const plain = await raw(`${t.url}/api/flashcards`, auth);
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(packed.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(decode(packed).toString())).toEqual(JSON.parse(plain.body.toString()));

    const small = await raw(`${t.url}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('streams the JSON export compressed, and never compresses an .apkg again', async () => {
    const auth = { authorization: `Bearer ${learner.token}` };
    const exported = await raw(`${t.url}/api/me/export.json`, { ...auth, 'accept-encoding': 'gzip' });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-encoding']).toBe('gzip');
    // Streamed: sent in chunks as it is written, with no length known beforehand.
    expect(exported.headers['transfer-encoding']).toBe('chunked');
    expect(JSON.parse(decode(exported).toString()).cards).toHaveLength(200);

    const apkg = await raw(`${t.url}/api/flashcards/export.apkg`, { ...auth, 'accept-encoding': 'br, gzip' });
    expect(apkg.status).toBe(200);
    expect(apkg.headers['content-encoding']).toBeUndefined();
    expect(apkg.body.subarray(0, 2).toString()).toBe('PK');
  });
});
