import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'lb-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>LearnBoost</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"LearnBoost"}');
  t = await startApp({ WEB_DIST: dist });
});
afterAll(() => t.close());

describe('one origin', () => {
  it('serves the web app at / and every client route falls back to it', async () => {
    for (const route of ['/', '/flashcards', '/group-learning/123', '/no/such/page']) {
      const res = await fetch(`${t.url}${route}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<title>LearnBoost</title>');
    }
  });

  it('serves fingerprinted assets with a long cache and index.html fresh', async () => {
    const asset = await fetch(`${t.url}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${t.url}/`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the service worker and the manifest fresh, with their types, under the same CSP', async () => {
    const sw = await fetch(`${t.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toContain('javascript');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-security-policy')).toContain("script-src 'self'");
    const manifest = await fetch(`${t.url}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing asset with 404, not the page', async () => {
    for (const route of ['/assets/app-old999.js', '/favicon-missing.png']) {
      expect((await fetch(`${t.url}${route}`)).status).toBe(404);
    }
  });

  it('keeps unknown /api paths as 404 JSON rather than the page', async () => {
    const res = await t.request('GET', '/api/unknown/path');
    expect(res).toMatchObject({ status: 404, body: { error: 'Not found' } });
  });
});

describe('under pnpm dev', () => {
  it('sends a page asked of the api to Vite, where the app being edited is, and never a stale build', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'lb-web-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Stale build</title>');
    const dev = await startApp({ WEB_DIST: dist, DEV_WEB_URL: 'http://127.0.0.1:3000' });
    try {
      for (const route of ['/', '/flashcards?deck=1']) {
        const res = await fetch(`${dev.url}${route}`, { redirect: 'manual' });
        expect(res.status).toBe(307);
        expect(res.headers.get('location')).toBe(`http://127.0.0.1:3000${route}`);
      }
      expect(await dev.request('GET', '/api/unknown')).toMatchObject({ status: 404, body: { error: 'Not found' } });
    } finally {
      await dev.close();
    }
  });
});
