import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RequestOptions, request } from './helper';

const apiRoot = path.resolve(import.meta.dirname, '..');

export type ApiProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote, stdout and stderr. */
  output: () => string;
  /** Still running (no exit, no signal). */
  alive: () => boolean;
  request: <T = any>(method: string, route: string, options?: RequestOptions) => ReturnType<typeof request<T>>;
  stop: () => Promise<void>;
};

/** A port nobody listens on right now (taken and given back), so the caller knows the address up front. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The api as `pnpm start` runs it, in a process of its own (src/server.ts under tsx), so a test
 * can watch it survive, or kill it outright. Listens on a free loopback port.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = env.PORT ?? String(await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lb-proc-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: port,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (d: Buffer) => {
    text += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    text += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`api exited (${code}) before listening:\n${text}`))),
  );
  exited.catch(() => undefined);
  // Ready when it answers: the health route needs no sign-in.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await Promise.race([
      fetch(`${url}/api/health`).then(
        () => true,
        () => false,
      ),
      exited,
    ]);
    if (up) break;
    if (Date.now() > deadline) throw new Error(`api did not start:\n${text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    child,
    output: () => text,
    alive,
    request: (method, route, options) => request(url, method, route, options),
    stop: async () => {
      if (alive()) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
