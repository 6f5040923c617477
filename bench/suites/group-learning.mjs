// Study rooms (issue 7): 500 socket clients in 60 rooms; a card added over REST, timed until the
// last member of its room hears `card:added`, beside a bare Socket.IO emit measured in the same run.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, ms, percentile, postJson, root, startServer } from '../lib.mjs';

export const title = 'Group learning: live room events';

// socket.io and its client live in the api package's node_modules.
const fromApi = createRequire(path.join(root, 'api', 'package.json'));
const { io: connect } = fromApi('socket.io-client');

const CLIENTS = 500;
const ROOMS = 60;
const SAMPLES = 1000;
const WARMUP = 50;
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const JWT_SECRET = `bench-${randomUUID()}-${randomUUID()}`;

export const pause = (t) => new Promise((r) => setTimeout(r, t));
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
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
export const measured = ['--expose-gc', '--require', preload];
export const stdio = (out) => ['ignore', out, 'inherit', 'ipc'];

/** Retained heap (V8 heap + external buffers) after a full collection. */
function heapOf(child) {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m.heap));
    child.send('heap');
  });
}
/** Both readings: retained heap (what the bar is checked on) and the resident set. */
export const memoryOf = async (server) => ({ heap: await heapOf(server.child), rss: rssOf(server.pid) });

export function stopper(child, dir) {
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
export async function startApi(env) {
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

/**
 * The start of every bare Socket.IO floor: a server on the same adapter as the api (Redis Streams
 * with REDIS_URL) and an HTTP handler that has read the POSTed body; each suite adds its emit.
 */
export const BARE_SOCKET_PROLOGUE = `
import http from 'node:http';
import { Server } from 'socket.io';
const options = { serveClient: false };
if (process.env.REDIS_URL) {
  const { createClient } = await import('redis');
  const { createAdapter } = await import('@socket.io/redis-streams-adapter');
  const redis = createClient({ url: process.env.REDIS_URL });
  await redis.connect();
  options.adapter = createAdapter(redis, { streamName: process.env.REDIS_STREAM_NAME, blockTimeInMs: 1000 });
}
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
`;

// The floor: Socket.IO alone, the same clients, triggered by a bare HTTP POST of the same JSON
// body; with REDIS_URL, over the same Redis Streams adapter as the api.
const BARE_SERVER = `${BARE_SOCKET_PROLOGUE}    const { question, answer } = JSON.parse(body);
    const card = { id: crypto.randomUUID(), question, answer };
    io.of('/rooms/' + req.url.split('/')[2]).emit('card:added', { card });
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ card }));
  });
});
const io = new Server(server, options);
io.of(/^\\/rooms\\/\\d+$/);
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
`;

/** A bare Socket.IO floor server (the source text of a module) in a process of its own. */
export async function startBareServer(source, env = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [...measured, '--input-type=module', '-e', source], {
    cwd: path.join(root, 'api'),
    env: { ...process.env, PORT: String(port), ...env },
    stdio: stdio('pipe'),
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, child, stop: stopper(child) };
}

// One listener map for every suite's sockets: key → the sample waiting for `need` of them to hear it.
const pending = new Map();
/** A socket heard the event of sample `key`. */
export function heard(key) {
  const sample = pending.get(key);
  if (sample && ++sample.heard === sample.need) sample.done(performance.now() - sample.t0);
}
/** Runs `action`; resolves with the time until `need` sockets have called heard(key). */
export async function timeHeard(key, need, action) {
  const done = new Promise((resolve) => pending.set(key, { need, heard: 0, t0: performance.now(), done: resolve }));
  const [latency] = await Promise.all([done, action()]);
  pending.delete(key);
  return latency;
}

/** Opens `count` sockets, 50 at a time; `setUp(socket, j)` adds socket j's listeners. */
export async function openSockets(count, urlOf, tokenOf, setUp) {
  const sockets = [];
  for (let k = 0; k < count; k += 50) {
    const batch = [];
    for (let j = k; j < Math.min(k + 50, count); j++) {
      const s = connect(urlOf(j), {
        auth: { token: tokenOf(j) },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      setUp(s, j);
      sockets.push(s);
      batch.push(
        new Promise((resolve, reject) => {
          s.once('connect', resolve);
          s.once('connect_error', (e) => reject(new Error(`client ${j}: ${e.message}`)));
        }),
      );
    }
    await Promise.all(batch);
  }
  return sockets;
}

/** `count` learners named `${prefix}n`, registered `batch` at a time on `api`. */
export async function registerLearners(api, count, prefix, batch) {
  const users = [];
  for (let i = 0; i < count; i += batch)
    await Promise.all(
      Array.from({ length: batch }, async (_, j) => {
        const n = i + j;
        const res = await postJson(`${api.url}/api/auth/register`, {
          username: `${prefix}${n}`,
          email: `${prefix}${n}.${randomUUID()}@example.com`,
          password: 'bench-password',
        });
        if (res.status !== 201) throw new Error(`register answered ${res.status}`);
        users[n] = await res.json();
      }),
    );
  return users;
}

/**
 * `rooms` rooms of `perRoom` members among `learners` learners (`${prefix}n`): room r is hosted by
 * learner r, with learners r + k·learners/perRoom (k = 1…perRoom − 1) as its members, and
 * `fill(room, host)` adds its cards. `member(r, k)` is room r's member k (k = 0: the host).
 */
export async function seedRooms(api, { rooms: count, perRoom, learners, prefix, title }, fill) {
  const users = await registerLearners(api, learners, prefix, 10);
  const member = (r, k) => users[(r + (learners / perRoom) * k) % learners];
  const rooms = [];
  for (let r = 0; r < count; r++) {
    const host = member(r, 0);
    const res = await postJson(
      `${api.url}/api/group-learning/rooms`,
      { title: `${title} ${r}`, topic: 'Bench', maxParticipants: perRoom },
      host.token,
    );
    const room = await res.json();
    await Promise.all(
      Array.from({ length: perRoom - 1 }, (_, i) =>
        postJson(`${api.url}/api/group-learning/${room.id}/join`, {}, member(r, i + 1).token).then((x) =>
          x.arrayBuffer(),
        ),
      ),
    );
    rooms.push({ id: room.id, host, ...(await fill(room, host)) });
  }
  return { rooms, member };
}

/** Opens CLIENTS sockets, client k in room k % ROOMS; resolves once all are in. */
async function openClients(urlOf, tokenOf) {
  const rooms = Array.from({ length: ROOMS }, () => []);
  const sockets = await openSockets(
    CLIENTS,
    (j) => urlOf(j, j % ROOMS),
    (j) => tokenOf(j, j % ROOMS),
    (s, j) => {
      s.on('card:added', ({ card }) => heard(card.question));
      rooms[j % ROOMS].push(s);
    },
  );
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

/**
 * The api and its floor take turns, sample by sample: whatever else this machine does meanwhile
 * weighs on both alike, so their ratio holds from run to run. `timeOne(target, i, question)` times
 * sample i with a question no other sample uses.
 */
export async function timeInTurns({ api, bare }, { warmup, samples }, timeOne) {
  const times = { api: [], bare: [] };
  const tag = randomUUID().slice(0, 8);
  for (let i = 0; i < warmup + samples; i++) {
    for (const [name, target] of [
      ['bare', bare],
      ['api', api],
    ]) {
      const latency = await timeOne(target, i, `${tag}-${name}-${i}`);
      if (i >= warmup) times[name].push(latency);
    }
  }
  return times;
}

/** One card add in room i % ROOMS, timed until the last client of the room has heard it. */
const timeCardAdds = (api, bare) =>
  timeInTurns({ api, bare }, { warmup: WARMUP, samples: SAMPLES }, (target, i, question) =>
    timeHeard(question, target.sizes[i % ROOMS], () => target.trigger(i % ROOMS, question)),
  );

export const memoryText = (m) => `${kb(m.heap)} retained heap (${kb(m.rss)} RSS)`;
export const summary = (t) => `p50 ${ms(percentile(t, 50))}, p99 ${ms(percentile(t, 99))} (n=${t.length})`;

/**
 * Opens the clients of `servers` and reads what they retain per connection; the answer keeps
 * them open, with the trigger that adds a card to a room.
 */
async function connectAll(servers, urlOf, tokenOf, trigger) {
  await warmUp(urlOf, tokenOf);
  const before = await Promise.all(servers.map(memoryOf));
  const { sockets, sizes } = await openClients(urlOf, tokenOf);
  await pause(1500);
  const after = await Promise.all(servers.map(memoryOf));
  const delta = (key) => after.reduce((sum, m, i) => sum + m[key] - before[i][key], 0) / CLIENTS;
  return {
    sizes,
    trigger,
    perConnection: { heap: delta('heap'), rss: delta('rss') },
    close: () => {
      for (const s of sockets) s.close();
    },
  };
}

/** Bare Socket.IO on one process, or on two over Redis with the clients split between them. */
async function startBares(processes) {
  const env = processes > 1 ? { REDIS_URL, REDIS_STREAM_NAME: `learnboost-bench-bare:${randomUUID()}` } : {};
  const bares = [];
  for (let i = 0; i < processes; i++) bares.push(await startBareServer(BARE_SERVER, env));
  const clients = await connectAll(
    bares,
    (j, room) => `${bares[j % bares.length].url}/rooms/${room}`,
    () => '',
    async (room, question) => {
      await (await postJson(`${bares[0].url}/rooms/${room}/cards`, { question, answer: 'A' })).arrayBuffer();
    },
  );
  return {
    ...clients,
    stop: async () => {
      clients.close();
      for (const bare of bares) await bare.stop();
      if (env.REDIS_STREAM_NAME) await dropStream(env.REDIS_STREAM_NAME);
    },
  };
}

export async function dropStream(name) {
  const { createClient } = fromApi('redis');
  const redis = createClient({ url: REDIS_URL });
  await redis.connect();
  await redis.del(name);
  await redis.close();
}

/** Learners (two per room: host and one member, each with several tabs) and the rooms, on `api`. */
async function seed(api) {
  const users = await registerLearners(api, ROOMS * 2, 'bench', 8);
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

/** The api's clients: client j on process j % apis.length, alternately as the room's host and member. */
function connectApi(apis, rooms) {
  return connectAll(
    apis,
    (j, room) => `${apis[j % apis.length].url}/rooms/${rooms[room].id}`,
    (j, room) => (Math.floor(j / ROOMS) % 2 ? rooms[room].member : rooms[room].host).token,
    async (room, question) => {
      const res = await postJson(
        `${apis[0].url}/api/group-learning/${rooms[room].id}/flashcards/add`,
        { question, answer: 'A' },
        rooms[room].host.token,
      );
      if (res.status !== 201) throw new Error(`card add answered ${res.status}`);
      await res.arrayBuffer();
    },
  );
}

/** The api's rows: latency beside the floor timed in turns with it, and memory beside the floor's. */
function rowsOf(where, api, bare, times, floorName, memoryFloorName) {
  const ratio = percentile(times.api, 50) / percentile(times.bare, 50);
  return [
    [
      `REST card add → last member hears it (${where}); bar p99 < 100 ms, p50 ≤ 3× bare`,
      `${summary(times.api)}; p50 ${ratio.toFixed(1)}× bare`,
      `${floorName}, timed in turns with it: ${summary(times.bare)}`,
    ],
    [
      `memory per socket connection (${where}); bar ≤ 20 KB`,
      memoryText(api.perConnection),
      `${memoryFloorName} ${memoryText(bare.perConnection)}`,
    ],
  ];
}

/**
 * A suite's two parts: one api process beside `startBares(1)`; then, on PostgreSQL only (two
 * processes need one database they can share), two over Redis Streams beside `startBares(2)`.
 * `part({ apis, bare, db })` opens its clients, times and answers its rows.
 */
export async function oneThenTwoProcesses(databaseUrl, startBares, part) {
  const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const db = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const rows = [];
  for (const processes of databaseUrl ? [1, 2] : [1]) {
    const stream = processes > 1 ? `learnboost-bench:${randomUUID()}` : undefined;
    const apiEnv = stream ? { ...env, REDIS_URL, REDIS_STREAM_NAME: stream } : env;
    const bare = await startBares(processes);
    const apis = [];
    try {
      for (let i = 0; i < processes; i++) apis.push(await startApi(apiEnv));
      rows.push(...(await part({ apis, bare, db })));
    } finally {
      for (const api of apis.reverse()) await api.stop();
      await bare.stop();
      if (stream) await dropStream(stream);
    }
  }
  return rows;
}

export async function run({ databaseUrl }) {
  let rooms;
  return oneThenTwoProcesses(databaseUrl, startBares, async ({ apis, bare, db }) => {
    rooms ??= await seed(apis[0]);
    const clients = await connectApi(apis, rooms);
    try {
      const times = await timeCardAdds(clients, bare);
      if (apis.length === 1) {
        const where = `${CLIENTS} clients, ${ROOMS} rooms, one api process, ${db}`;
        return rowsOf(where, clients, bare, times, 'bare Socket.IO emit of the same POSTed card', 'bare Socket.IO');
      }
      const where = `card added on process A, half the clients on process B, Redis Streams, ${db}`;
      const floor = 'bare Socket.IO on two processes over the same Redis Streams adapter';
      return rowsOf(where, clients, bare, times, floor, 'bare Socket.IO, two processes over Redis');
    } finally {
      clients.close();
    }
  });
}
