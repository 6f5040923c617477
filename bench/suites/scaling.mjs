// Capacity (issue 26): a mixed learner workload through the real nginx (deploy/nginx.conf) in
// front of 1, 2 and 3 api processes, beside a bare-nginx floor from the same run. HTTP by
// autocannon (reviews, deck reads), room events and quiz answers by real socket.io-clients, all
// at once, bounded in count and time, loopback only. PostgreSQL only (processes share it), with
// Redis. The api processes' and nginx's CPU is read from /proc, so the limit can be named.
// `BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm bench scaling`
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort, ms, percentile, postJson, root, startServer } from '../lib.mjs';

export const title = 'Scaling: N api processes behind nginx';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const { io: connect } = createRequire(path.join(root, 'api', 'package.json'))('socket.io-client');

// BENCH_SCALING_SMALL=1: a quick check that the suite runs (its figures mean nothing).
const small = process.env.BENCH_SCALING_SMALL === '1';
const LEARNERS = small ? 12 : 60;
const CARDS_EACH = small ? 4 : 30;
const ROOMS = small ? 2 : 6; // of LEARNERS / ROOMS members each
const SECONDS = small ? 2 : 8;
const CONNECTIONS = 16; // per autocannon kind
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const JWT_SECRET = `bench-${randomUUID()}-${randomUUID()}`;
const pause = (t) => new Promise((r) => setTimeout(r, t));

/** nginx with deploy/nginx.conf, its upstreams swapped for ours, and a floor location that answers by itself. */
async function startNginx(upstreams) {
  const listen = await freePort();
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'lb-bench-nginx-'));
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, dir));
  const site = readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8')
    .replace(/^\s*server 127\.0\.0\.1:\d+ (.*);$/gm, '')
    .replace(
      /(upstream learnboost \{\n)/,
      `$1${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;\n`).join('')}`,
    )
    .replace(/listen 80;/, `listen 127.0.0.1:${listen};\n    location = /floor { return 200 'ok'; }`);
  writeFileSync(path.join(prefix, 'site.conf'), site);
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log error;
events { worker_connections 4096; }
http { access_log off; client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  include ${prefix}/site.conf; }
`,
  );
  const child = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${listen}`;
  for (let i = 0; i < 100; i++) {
    if ((await fetch(`${url}/floor`).catch(() => undefined))?.ok) break;
    await pause(50);
  }
  const workers = () =>
    readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  return {
    url,
    pids: () => [child.pid, ...workers()],
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

const ticks = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0;
  }
};
/** CPU (in cores) each group of processes used over the time `work` took. */
async function cpuOf(groups, work) {
  const before = groups.map((pids) => new Map(pids().map((pid) => [pid, ticks(pid)])));
  const t0 = performance.now();
  const result = await work();
  const seconds = (performance.now() - t0) / 1000;
  // A process started meanwhile counts whole; one that ended meanwhile is lost (PostgreSQL keeps its backends).
  const cores = groups.map(
    (pids, g) => pids().reduce((sum, pid) => sum + ticks(pid) - (before[g].get(pid) ?? 0), 0) / 100 / seconds,
  );
  return { result, cores };
}

/** Every process of this name on the machine (PostgreSQL's backends, redis-server). */
const named = (name) => () =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);

async function seed(url) {
  const learners = [];
  for (let i = 0; i < LEARNERS; i++) {
    const res = await postJson(`${url}/api/auth/register`, {
      username: `scale${i}`,
      email: `scale${i}.${randomUUID()}@example.com`,
      password: 'correct horse',
    });
    const { id, token } = await res.json();
    const cards = [];
    for (let k = 0; k < CARDS_EACH; k++) {
      const card = await postJson(`${url}/api/flashcards`, { question: `Q${k} of ${i}`, answer: `A${k}` }, token);
      cards.push((await card.json()).id);
    }
    learners.push({ id, token, cards });
  }
  const rooms = [];
  const size = LEARNERS / ROOMS;
  for (let r = 0; r < ROOMS; r++) {
    const host = learners[r * size];
    const room = await (
      await postJson(
        `${url}/api/group-learning/rooms`,
        { title: `Scale ${r}`, topic: 'Capacity', maxParticipants: size },
        host.token,
      )
    ).json();
    const members = learners.slice(r * size, (r + 1) * size);
    for (const m of members.slice(1)) await postJson(`${url}/api/group-learning/${room.id}/join`, {}, m.token);
    for (const [q, a] of [
      ['France?', 'Paris'],
      ['Italy?', 'Rome'],
      ['Spain?', 'Madrid'],
      ['Germany?', 'Berlin'],
      ['Austria?', 'Vienna'],
    ])
      await postJson(`${url}/api/group-learning/${room.id}/flashcards/add`, { question: q, answer: a }, host.token);
    rooms.push({ id: room.id, host, members });
  }
  return { learners, rooms };
}

function openSockets(url, rooms) {
  return Promise.all(
    rooms.flatMap((room) =>
      room.members.map(
        (m) =>
          new Promise((resolve, reject) => {
            const socket = connect(`${url}/rooms/${room.id}`, {
              auth: { token: m.token },
              transports: ['websocket'],
              forceNew: true,
              reconnection: false,
            });
            socket.once('connect', () => resolve({ socket, room, member: m }));
            socket.once('connect_error', reject);
          }),
      ),
    ),
  );
}

/** Room events: each socket adds cards over its socket (a write and a fan-out), one at a time, for `seconds`. */
async function roomEvents(sockets, seconds) {
  const times = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    sockets.map(async ({ socket }, i) => {
      for (let n = 0; Date.now() < end; n++) {
        const t0 = performance.now();
        await socket.emitWithAck('card:add', { question: `Live ${i}.${n} ${randomUUID()}`, answer: `${n}` });
        times.push(performance.now() - t0);
        await pause(200); // a learner types; this is not a flood
      }
    }),
  );
  return times;
}

/** Quiz answers: every room plays, every member answers each question over the socket. */
async function quizAnswers(url, sockets, rooms, questions) {
  const times = [];
  await Promise.all(
    rooms.map(async (room) => {
      const start = await postJson(
        `${url}/api/group-learning/${room.id}/games`,
        { source: 'cards', secondsPerQuestion: 30, questionCount: questions },
        room.host.token,
      );
      const { game } = await start.json();
      const mine = sockets.filter((s) => s.room === room);
      for (let index = 0; index < questions; index++) {
        await Promise.all(
          mine.map(async ({ socket }, n) => {
            const t0 = performance.now();
            await socket.emitWithAck('game:answer', { gameId: game.id, index, choice: n % 4 });
            times.push(performance.now() - t0);
          }),
        );
        await pause(300);
        await postJson(`${url}/api/group-learning/${room.id}/games/${game.id}/next`, {}, room.host.token);
        if (index < questions - 1)
          await postJson(`${url}/api/group-learning/${room.id}/games/${game.id}/next`, {}, room.host.token);
      }
    }),
  );
  return times;
}

function cannon(url, learners, kind) {
  let n = 0;
  const next = () => learners[n++ % learners.length];
  const requests =
    kind === 'review'
      ? [
          {
            method: 'PUT',
            setupRequest: (req) => {
              const l = next();
              return {
                ...req,
                path: `/api/flashcards/${l.cards[n % l.cards.length]}/review`,
                headers: { authorization: `Bearer ${l.token}`, 'content-type': 'application/json' },
                body: JSON.stringify({ rating: 3, reviewId: randomUUID() }),
              };
            },
          },
        ]
      : kind === 'deck'
        ? [
            {
              method: 'GET',
              setupRequest: (req) => ({
                ...req,
                path: '/api/flashcards?limit=50',
                headers: { authorization: `Bearer ${next().token}` },
              }),
            },
          ]
        : [{ method: 'GET', path: '/floor' }];
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests });
}

const row = (what, r, where, floor) => [
  `${what}, ${where}`,
  `${Math.round(r.requests.average)} req/s, p50 ${ms(r.latency.p50)}, p99 ${ms(r.latency.p99)}${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}`,
  floor,
];
const rowOf = (what, times, seconds, where, floor) => [
  `${what}, ${where}`,
  `${Math.round(times.length / seconds)}/s, p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`,
  floor,
];

export async function run({ databaseUrl }) {
  // Several processes share PostgreSQL: nothing to measure on PGlite.
  if (!databaseUrl) return [['several api processes', 'PostgreSQL only: set BENCH_DATABASE_URL', '']];
  const rows = [];
  let seeded;
  for (const count of [1, 2, 3]) {
    const stream = `learnboost-bench-scale:${randomUUID()}`;
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_STREAM_NAME: stream,
      JWT_SECRET,
      TRUST_PROXY: 'loopback',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ROOM_CARDS_PER_MINUTE: '100000',
    };
    const apis = [];
    for (let i = 0; i < count; i++) apis.push(await startServer(env));
    const nginx = await startNginx(apis.map((a) => Number(new URL(a.url).port)));
    try {
      seeded ??= await seed(nginx.url);
      const where = `${count} process${count > 1 ? 'es' : ''}`;
      const floor = await autocannon({ url: `${nginx.url}/floor`, connections: CONNECTIONS, duration: 3 });
      const floorText = `bare nginx: ${Math.round(floor.requests.average)} req/s, p50 ${ms(floor.latency.p50)}, p99 ${ms(floor.latency.p99)}`;
      const sockets = await openSockets(nginx.url, seeded.rooms);
      const pids = () => apis.map((a) => a.pid);
      const { result, cores } = await cpuOf([pids, nginx.pids, named('postgres'), named('redis-server')], () =>
        Promise.all([
          cannon(nginx.url, seeded.learners, 'review'),
          cannon(nginx.url, seeded.learners, 'deck'),
          roomEvents(sockets, SECONDS),
          quizAnswers(nginx.url, sockets, seeded.rooms, 3),
        ]),
      );
      for (const s of sockets) s.socket.close();
      const [reviews, decks, events, answers] = result;
      rows.push(
        row('reviews (PUT …/review)', reviews, where, floorText),
        row('deck reads (GET /flashcards?limit=50)', decks, where, floorText),
        rowOf(`room events (card:add over ${sockets.length} sockets)`, events, SECONDS, where, ''),
        rowOf('quiz answers (game:answer)', answers, SECONDS, where, ''),
        [
          `CPU during the mix, ${where}`,
          `api ${cores[0].toFixed(2)} cores, nginx ${cores[1].toFixed(2)}, PostgreSQL ${cores[2].toFixed(2)}, Redis ${cores[3].toFixed(2)}, of ${os.cpus().length}`,
          '',
        ],
      );
    } finally {
      await nginx.stop();
      for (const a of apis) await a.stop();
    }
  }
  return rows;
}
