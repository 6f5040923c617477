// A first visit on a phone's mobile link (Lighthouse's: 1.6 Mbit/s down, 750 kbit/s up, 150 ms
// round trip) in Chromium with an empty cache: the sign-in form, and the Flashcards screen signed
// in, until usable, and the bytes on the wire. The floor is the same visit with compression off
// (the browser asks for no encoding), in the same run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { postJson, root, startServer } from '../lib.mjs';

const webRequire = createRequire(path.join(root, 'web', 'package.json'));
const LINK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };

/** One cold visit: ms until `ready` resolves, and bytes received, counted by the browser itself. */
async function visit(browser, url, { compressed, token, ready }) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (token) await context.addInitScript((t) => localStorage.setItem('auth_token', t), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', LINK);
  if (!compressed) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
  });
  const t0 = performance.now();
  await page.goto(url);
  await ready(page);
  const ms = performance.now() - t0;
  await context.close();
  return { ms, kb: bytes / 1024 };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export const title = 'Wire: a first visit on a mobile link (Chromium, empty cache)';

export async function run({ databaseUrl }) {
  if (databaseUrl) return []; // The network dominates; the database does not change it.
  if (!existsSync(path.join(root, 'web', 'dist', 'index.html'))) {
    spawnSync('pnpm', ['--filter', '@learnboost/web', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const { chromium } = webRequire('playwright-core');
  const server = await startServer({ SEED_DEMO: 'false' });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const { token } = await (
      await postJson(`${server.url}/api/auth/register`, {
        username: 'phone',
        email: 'phone@x.io',
        password: 'phone-pass',
      })
    ).json();
    await postJson(`${server.url}/api/flashcards`, { question: 'On the bus?', answer: 'Yes' }, token);
    const screens = [
      {
        what: 'the sign-in form (/login)',
        url: `${server.url}/login`,
        ready: (page) => page.getByRole('button', { name: 'Sign In' }).waitFor(),
      },
      {
        what: 'the Flashcards screen, signed in (/flashcards)',
        url: `${server.url}/flashcards`,
        token,
        ready: (page) => page.getByTestId('card-text').waitFor(),
      },
    ];
    const rows = [];
    for (const s of screens) {
      const on = [];
      const off = [];
      for (let i = 0; i < 5; i++) {
        on.push(await visit(browser, s.url, { ...s, compressed: true }));
        off.push(await visit(browser, s.url, { ...s, compressed: false }));
      }
      rows.push([
        `first visit to ${s.what} on a mobile link (1.6 Mbit/s, 150 ms RTT; 5 visits, median)`,
        `${Math.round(median(on.map((v) => v.ms)))} ms until usable, ${Math.round(median(on.map((v) => v.kb)))} kB on the wire`,
        `compression off: ${Math.round(median(off.map((v) => v.ms)))} ms, ${Math.round(median(off.map((v) => v.kb)))} kB`,
      ]);
    }
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
}
