import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const DEMO = { email: 'demo@learnboost.app', password: 'demo-pass-2468' } as const;

/** Where a build of the web app and of the api server lives. */
export interface BuiltApp {
  webDist: string;
  apiServer: string;
}

export interface RunningServer {
  baseURL: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseURL: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`api exited with code ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`api did not become healthy within 60s:\n${log()}`);
}

/** Starts the built api (serving the built web app) on a free port with a fresh database. */
export async function startServer({ webDist, apiServer }: BuiltApp): Promise<RunningServer> {
  for (const built of [path.join(webDist, 'index.html'), apiServer]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: build web and api first`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'learnboost-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [apiServer], {
    cwd: path.join(repoRoot, 'api'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST: webDist,
      AI_PROVIDER: 'builtin',
      SEED_DEMO: 'true',
      DEMO_EMAIL: DEMO.email,
      DEMO_PASSWORD: DEMO.password,
      // Every test signs up or in; the production limit would throttle the suite, not a learner.
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh browser profile (empty localStorage) pointed at the server under test. */
export const LAPTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = LAPTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, ...(viewport === PHONE ? { hasTouch: true } : {}) });
  const page = await context.newPage();
  return { context, page };
}

let counter = 0;
/** A learner of their own for each test, so tests never share data. */
export function uniqueLearner() {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { username: `learner${tag}`, email: `learner${tag}@example.com`, password: 'correct-horse-42' };
}
