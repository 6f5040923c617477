import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const shipped = path.resolve(import.meta.dirname, '../../deploy/nginx.conf');

/**
 * The real nginx with the configuration shipped in deploy/nginx.conf, its upstream and listen
 * address swapped for the test's ports, under a prefix of its own (pid, logs, temp files), in the
 * foreground so the test owns the process.
 */
export async function startNginx({
  listen,
  upstreams,
  upstreamsDown = false,
}: {
  listen: number;
  upstreams: number[];
  /** Nothing listens upstream: nginx is up once it answers at all (its own 503). */
  upstreamsDown?: boolean;
}) {
  const prefix = mkdtempSync(path.join(tmpdir(), 'lb-nginx-'));
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, dir));
  const site = readFileSync(shipped, 'utf8')
    .replace(/^\s*server 127\.0\.0\.1:\d+ (.*);$/gm, '')
    .replace(
      /(upstream learnboost \{\n)/,
      `$1${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;\n`).join('')}`,
    )
    .replace(/listen 80;/, `listen 127.0.0.1:${listen};`);
  writeFileSync(path.join(prefix, 'learnboost.conf'), site);
  const asRoot = process.getuid?.() === 0;
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `${asRoot ? 'user root;\n' : ''}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/learnboost.conf;
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const url = `http://127.0.0.1:${listen}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${output}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => upstreamsDown || r.status < 500,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not serve:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    errors: () => `${output}${readFileSync(path.join(prefix, 'error.log'), 'utf8')}`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** A Redis of the test's own (never the shared one), with nothing saved: a restart starts empty. */
export async function startRedis(port: number) {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const { createClient } = await import('redis');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = createClient({ url: `redis://127.0.0.1:${port}` });
    client.on('error', () => {});
    const up = await client.connect().then(
      async () => {
        await client.close();
        return true;
      },
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('redis-server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
