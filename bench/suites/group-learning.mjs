// Study rooms (issue 7): 500 socket clients in 60 rooms; a card added over REST, timed until the
// last member of its room hears `card:added`, beside a bare Socket.IO emit measured in the same run.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, ms, percentile, postJson, root, startServer, timeRequests } from '../lib.mjs';

export const title = 'Group learning: live room events';

// socket.io and its client live in the api package's node_modules.
const fromApi = createRequire(path.join(root, 'api', 'package.json'));
const { io: connect } = fromApi('socket.io-client');

const CLIENTS = 500;
const ROOMS = 60;
const SAMPLES = 1000;
const WARMUP = 50;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = `bench-${randomUUID()}-${randomUUID()}`;

const pause = (t) => new Promise((r) => setTimeout(r, t));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

// Loaded into each measured server (--require): on request, collect garbage and report the heap, so
// "memory per connection" is what connections retain, not garbage the collector has yet to reclaim.
const PRELOAD = `
process.on('message', (m) => {
  if (m !== 'heap') return;
  for (let i = 0; i < 3; i++) global.gc();
  const { heapUsed, external } = process.memoryUsage();
  process.send({ heap: heapUsed + external });
});
process.channel?.unref();
`;
const preload = path.join(mkdtempSync(path.join(tmpdir(), 'lb-bench-preload-')), 'heap.cjs');
writeFileSync(preload, PRELOAD);
const measured = ['--expose-gc', '--require', preload];
const stdio = (out) => ['ignore', out, 'inherit', 'ipc'];

/** Retained heap (V8 heap + external buffers) after a full collection. */
function heapOf(child) {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m.heap));
    child.send('heap');
  });
}
/** Both readings: retained heap (what the bar is checked on) and the resident set. */
const memoryOf = async (server) => ({ heap: await heapOf(server.child), rss: rssOf(server.pid) });

function stopper(child, dir) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}

/** The built api, with a memory probe on an IPC channel and limits that do not throttle the load. */
async function startApi(env) {
  const settings = {
    SEED_DEMO: 'false',
    JWT_SECRET,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    ROOM_CARDS_PER_MINUTE: '1000000',
    REDIS_URL: '',
    ...env,
  };
  return startServer(settings, undefined, { nodeArgs: measured, stdio: stdio('ignore') });
}

// The floor: Socket.IO alone, the same clients and payload, triggered by a bare HTTP POST.
const BARE_SERVER = `
import http from 'node:http';
import { Server } from 'socket.io';
const server = http.createServer((req, res) => {
  const u = new URL(req.url, 'http://x');
  const card = { id: crypto.randomUUID(), question: u.searchParams.get('q'), answer: 'A' };
  io.of('/rooms/' + u.searchParams.get('room')).emit('card:added', { card });
  res.end('{}');
});
const io = new Server(server, { serveClient: false });
io.of(/^\\/rooms\\/\\d+$/);
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
`;

async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, [...measured, '--input-type=module', '-e', BARE_SERVER], {
    cwd: path.join(root, 'api'),
    env: { ...process.env, PORT: String(port) },
    stdio: stdio('pipe'),
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, child, stop: stopper(child) };
}

// One listener map for every client: question → the sample waiting for its room to hear it.
const pending = new Map();
function onCard({ card }) {
  const sample = pending.get(card.question);
  if (sample && ++sample.heard === sample.need) sample.done(performance.now() - sample.t0);
}

/** Opens CLIENTS sockets, client k in room k % ROOMS; resolves once all are in. */
async function openClients(urlOf, tokenOf) {
  const sockets = [];
  const rooms = Array.from({ length: ROOMS }, () => []);
  for (let k = 0; k < CLIENTS; k += 50) {
    const batch = [];
    for (let j = k; j < Math.min(k + 50, CLIENTS); j++) {
      const room = j % ROOMS;
      const s = connect(urlOf(j, room), {
        auth: { token: tokenOf(j, room) },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      s.on('card:added', onCard);
      sockets.push(s);
      rooms[room].push(s);
      batch.push(
        new Promise((resolve, reject) => {
          s.once('connect', resolve);
          s.once('connect_error', (e) => reject(new Error(`client ${j}: ${e.message}`)));
        }),
      );
    }
    await Promise.all(batch);
  }
  return { sockets, sizes: rooms.map((r) => r.length) };
}

/**
 * One round of connections opened and closed before the baseline is read, so the heap has grown
 * to its working size: the delta after is what connections hold, not the first handshakes' garbage.
 */
async function warmUp(urlOf, tokenOf) {
  const { sockets } = await openClients(urlOf, tokenOf);
  await pause(1000);
  for (const s of sockets) s.close();
  await pause(1500);
}

async function timeCardAdds(sizes, trigger) {
  const times = [];
  const tag = randomUUID().slice(0, 8);
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const room = i % ROOMS;
    const question = `${tag}-${i}`;
    const heard = new Promise((done) =>
      pending.set(question, { need: sizes[room], heard: 0, t0: performance.now(), done }),
    );
    const [latency] = await Promise.all([heard, trigger(room, question)]);
    pending.delete(question);
    if (i >= WARMUP) times.push(latency);
  }
  return times;
}

const memoryText = (m) => `${kb(m.heap)} retained heap (${kb(m.rss)} RSS)`;
const summary = (t) => `p50 ${ms(percentile(t, 50))}, p99 ${ms(percentile(t, 99))} (n=${t.length})`;

async function measureBare() {
  const bare = await startBare();
  try {
    const urlOf = (_j, room) => `${bare.url}/rooms/${room}`;
    await warmUp(urlOf, () => '');
    const before = await memoryOf(bare);
    const { sockets, sizes } = await openClients(urlOf, () => '');
    await pause(1500);
    const after = await memoryOf(bare);
    const perConnection = { heap: (after.heap - before.heap) / CLIENTS, rss: (after.rss - before.rss) / CLIENTS };
    const times = await timeCardAdds(sizes, async (room, q) => {
      await (await fetch(`${bare.url}/emit?room=${room}&q=${q}`, { method: 'POST' })).arrayBuffer();
    });
    for (const s of sockets) s.close();
    return { times, perConnection };
  } finally {
    await bare.stop();
  }
}

/** Learners (two per room: host and one member, each with several tabs) and the rooms, on `api`. */
async function seed(api) {
  const users = [];
  for (let i = 0; i < ROOMS * 2; i += 8) {
    const batch = Array.from({ length: 8 }, async (_, j) => {
      const n = i + j;
      const res = await postJson(`${api.url}/api/auth/register`, {
        username: `bench${n}`,
        email: `bench${n}.${randomUUID()}@example.com`,
        password: 'bench-password',
      });
      if (res.status !== 201) throw new Error(`register answered ${res.status}`);
      users[n] = await res.json();
    });
    await Promise.all(batch);
  }
  const rooms = [];
  for (let r = 0; r < ROOMS; r++) {
    const [host, member] = [users[2 * r], users[2 * r + 1]];
    const created = await postJson(
      `${api.url}/api/group-learning/rooms`,
      { title: `Room ${r}`, topic: 'Bench', maxParticipants: 2 },
      host.token,
    );
    const room = await created.json();
    await (await postJson(`${api.url}/api/group-learning/${room.id}/join`, {}, member.token)).arrayBuffer();
    rooms.push({ id: room.id, host, member });
  }
  return rooms;
}

async function measureApi(apis, rooms) {
  // Client j goes to process j % apis.length, alternately as the room's host and member.
  const urlOf = (j, room) => `${apis[j % apis.length].url}/rooms/${rooms[room].id}`;
  const tokenOf = (j, room) => (Math.floor(j / ROOMS) % 2 ? rooms[room].member : rooms[room].host).token;
  await warmUp(urlOf, tokenOf);
  const before = await Promise.all(apis.map(memoryOf));
  const { sockets, sizes } = await openClients(urlOf, tokenOf);
  await pause(1500);
  const after = await Promise.all(apis.map(memoryOf));
  const delta = (key) => after.reduce((sum, m, i) => sum + m[key] - before[i][key], 0) / CLIENTS;
  const perConnection = { heap: delta('heap'), rss: delta('rss') };
  const times = await timeCardAdds(sizes, async (room, question) => {
    const res = await postJson(
      `${apis[0].url}/api/group-learning/${rooms[room].id}/flashcards/add`,
      { question, answer: 'A' },
      rooms[room].host.token,
    );
    if (res.status !== 201) throw new Error(`card add answered ${res.status}`);
    await res.arrayBuffer();
  });
  for (const s of sockets) s.close();
  return { times, perConnection };
}

export async function run({ databaseUrl }) {
  const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const db = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const rows = [];
  const bare = await measureBare();
  const bareText = `bare Socket.IO emit (HTTP-triggered) ${summary(bare.times)}`;

  const api = await startApi(env);
  let rooms;
  try {
    rooms = await seed(api);
    // What any signed-in request costs here (token check and session lookup), before any room work.
    const me = await timeRequests(300, async () => {
      const res = await fetch(`${api.url}/api/auth/me`, {
        headers: { authorization: `Bearer ${rooms[0].host.token}` },
      });
      await res.arrayBuffer();
    });
    const one = await measureApi([api], rooms);
    const ratio = percentile(one.times, 50) / percentile(bare.times, 50);
    rows.push([
      `REST card add → last member hears it (${CLIENTS} clients, ${ROOMS} rooms, one api process, ${db}); bar p99 < 100 ms, p50 ≤ 3× bare`,
      `${summary(one.times)}; p50 ${ratio.toFixed(1)}× bare`,
      `${bareText}; GET /api/auth/me alone p50 ${ms(percentile(me, 50))}`,
    ]);
    rows.push([
      `memory per socket connection (one api process, ${db}); bar ≤ 20 KB`,
      memoryText(one.perConnection),
      `bare Socket.IO ${memoryText(bare.perConnection)}`,
    ]);
  } finally {
    await api.stop();
  }

  // Two processes need one database they can share: PostgreSQL only.
  if (!databaseUrl) return rows;
  const stream = `learnboost-bench:${randomUUID()}`;
  const redisEnv = { ...env, REDIS_URL, REDIS_STREAM_NAME: stream };
  const a = await startApi(redisEnv);
  const b = await startApi(redisEnv);
  try {
    const two = await measureApi([a, b], rooms);
    const ratio = percentile(two.times, 50) / percentile(bare.times, 50);
    rows.push([
      `REST card add on process A → last member hears it, half the clients on process B (Redis Streams, ${db})`,
      `${summary(two.times)}; p50 ${ratio.toFixed(1)}× bare`,
      bareText,
    ]);
    rows.push([
      `memory per socket connection (two api processes over Redis, ${db}); bar ≤ 20 KB`,
      memoryText(two.perConnection),
      `bare Socket.IO ${memoryText(bare.perConnection)}`,
    ]);
  } finally {
    await b.stop();
    await a.stop();
  }
  return rows;
}
