// The room deck (issue 24), live: 500 socket clients in 50 rooms of 10; a card edited over REST,
// timed until the last of the room's 10 members hears `card:updated`, beside a bare Socket.IO emit
// of the same card measured in turns with it (one process, then two over Redis Streams).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { percentile, postJson, root } from '../lib.mjs';
import {
  BARE_SOCKET_PROLOGUE,
  dropStream,
  pause,
  REDIS_URL,
  startApi,
  startBareServer,
  summary,
} from './group-learning.mjs';

export const title = 'Room deck: a card edit reaches the room';

const fromApi = createRequire(path.join(root, 'api', 'package.json'));
const { io: connect } = fromApi('socket.io-client');

const ROOMS = 50;
const PER_ROOM = 10;
const CLIENTS = ROOMS * PER_ROOM;
const LEARNERS = 50;
const SAMPLES = 500;
const WARMUP = 50;

// The floor: Socket.IO alone, the same clients, a bare HTTP PUT of the same body, emitting a card
// of the api's shape (its version raised) to the room.
const BARE_SERVER = `${BARE_SOCKET_PROLOGUE}    const { version, ...text } = JSON.parse(body);
    const card = { id: req.url.split('/')[4], kind: 'basic', format: 'text', tags: [], authorId: crypto.randomUUID(), ...text, version: version + 1 };
    io.of('/rooms/' + req.url.split('/')[2]).emit('card:updated', { card });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ card }));
  });
});
const io = new Server(server, options);
io.of(/^\\/rooms\\/\\d+$/);
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
`;

const putJson = (url, body, token) =>
  fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

// question → the sample waiting for its room's 10 members to hear the edit.
const pending = new Map();
function onUpdated({ card }) {
  const sample = pending.get(card.question);
  if (sample && ++sample.heard === sample.need) sample.done(performance.now() - sample.t0);
}

/**
 * Client j in room j % ROOMS, as that room's member number ⌊j / ROOMS⌋ (10 distinct learners a
 * room); over two processes, members alternate between them, so every room spans both.
 */
async function openClients(urlOf, tokenOf) {
  const sockets = [];
  for (let k = 0; k < CLIENTS; k += 50) {
    const batch = [];
    for (let j = k; j < Math.min(k + 50, CLIENTS); j++) {
      const room = j % ROOMS;
      const s = connect(urlOf(j, room), {
        auth: { token: tokenOf(room, Math.floor(j / ROOMS)) },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      s.on('card:updated', onUpdated);
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
  await pause(1000);
  return {
    close: () => {
      for (const s of sockets) s.close();
    },
  };
}

/** 50 learners; room r hosted by learner r with learners r + 5k (k = 1…9), and one card. */
async function seed(api) {
  const users = [];
  for (let i = 0; i < LEARNERS; i += 10)
    await Promise.all(
      Array.from({ length: 10 }, async (_, j) => {
        const n = i + j;
        const res = await postJson(`${api.url}/api/auth/register`, {
          username: `editor${n}`,
          email: `editor${n}.${randomUUID()}@example.com`,
          password: 'bench-password',
        });
        if (res.status !== 201) throw new Error(`register answered ${res.status}`);
        users[n] = await res.json();
      }),
    );
  const member = (r, k) => users[(r + 5 * k) % LEARNERS];
  const rooms = [];
  for (let r = 0; r < ROOMS; r++) {
    const host = member(r, 0);
    const room = await (
      await postJson(
        `${api.url}/api/group-learning/rooms`,
        { title: `Deck ${r}`, topic: 'Bench', maxParticipants: PER_ROOM },
        host.token,
      )
    ).json();
    for (let k = 1; k < PER_ROOM; k++)
      await (await postJson(`${api.url}/api/group-learning/${room.id}/join`, {}, member(r, k).token)).arrayBuffer();
    const added = await postJson(
      `${api.url}/api/group-learning/${room.id}/flashcards/add`,
      { question: 'Femur?', answer: 'Thigh bone' },
      host.token,
    );
    if (added.status !== 201) throw new Error(`card add answered ${added.status}`);
    const { card } = await added.json();
    rooms.push({ id: room.id, host, card: { id: card.id, version: card.version } });
  }
  return { rooms, member };
}

/** One edit on `target`, timed until the room's last member has heard it. */
async function timeEdit(trigger, room, question) {
  const heard = new Promise((done) => pending.set(question, { need: PER_ROOM, heard: 0, t0: performance.now(), done }));
  const [latency] = await Promise.all([heard, trigger(room, question)]);
  pending.delete(question);
  return latency;
}

/** The api and its floor take turns, sample by sample, so the machine's load weighs on both alike. */
async function timeInTurns(api, bare) {
  const times = { api: [], bare: [] };
  const tag = randomUUID().slice(0, 8);
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const room = i % ROOMS;
    for (const [name, trigger] of [
      ['bare', bare],
      ['api', api],
    ]) {
      const latency = await timeEdit(trigger, room, `${tag}-${name}-${i}`);
      if (i >= WARMUP) times[name].push(latency);
    }
  }
  return times;
}

/** REST edits as the host, each against the version the last one left (so none is stale). */
function apiTrigger(apis, rooms) {
  return async (room, question) => {
    const { id, host, card } = rooms[room];
    const res = await putJson(
      `${apis[0].url}/api/group-learning/${id}/flashcards/${card.id}`,
      { version: card.version, question, answer: 'Thigh bone' },
      host.token,
    );
    if (res.status !== 200) throw new Error(`card edit answered ${res.status}: ${await res.text()}`);
    card.version = (await res.json()).card.version;
  };
}

async function startBares(processes) {
  const env = processes > 1 ? { REDIS_URL, REDIS_STREAM_NAME: `learnboost-bench-bare:${randomUUID()}` } : {};
  const bares = [];
  for (let i = 0; i < processes; i++) bares.push(await startBareServer(BARE_SERVER, env));
  const versions = new Map();
  const clients = await openClients(
    (j, room) => `${bares[Math.floor(j / ROOMS) % bares.length].url}/rooms/${room}`,
    () => '',
  );
  return {
    trigger: async (room, question) => {
      const version = versions.get(room) ?? 1;
      const res = await putJson(`${bares[0].url}/rooms/${room}/cards/${randomUUID()}`, {
        version,
        question,
        answer: 'Thigh bone',
      });
      versions.set(room, (await res.json()).card.version);
    },
    stop: async () => {
      clients.close();
      for (const bare of bares) await bare.stop();
      if (env.REDIS_STREAM_NAME) await dropStream(env.REDIS_STREAM_NAME);
    },
  };
}

function row(where, times, floorName) {
  const ratio = percentile(times.api, 50) / percentile(times.bare, 50);
  return [
    `REST card edit → the last of 10 members hears card:updated (${where}); bar p99 < 100 ms, p50 ≤ 3× bare`,
    `${summary(times.api)}; p50 ${ratio.toFixed(1)}× bare`,
    `${floorName}, timed in turns with it: ${summary(times.bare)}`,
  ];
}

export async function run({ databaseUrl }) {
  const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const db = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const rows = [];
  let seeded;
  {
    const bare = await startBares(1);
    const api = await startApi(env);
    let clients;
    try {
      seeded = await seed(api);
      clients = await openClients(
        (_j, room) => `${api.url}/rooms/${seeded.rooms[room].id}`,
        (room, k) => seeded.member(room, k).token,
      );
      const times = await timeInTurns(apiTrigger([api], seeded.rooms), bare.trigger);
      rows.push(row(`${CLIENTS} clients, ${ROOMS} rooms, one api process, ${db}`, times, 'bare Socket.IO emit'));
    } finally {
      clients?.close();
      await api.stop();
      await bare.stop();
    }
  }

  // Two processes need one database they can share: PostgreSQL only.
  if (!databaseUrl) return rows;
  const stream = `learnboost-bench:${randomUUID()}`;
  const redisEnv = { ...env, REDIS_URL, REDIS_STREAM_NAME: stream };
  const bare = await startBares(2);
  const a = await startApi(redisEnv);
  const b = await startApi(redisEnv);
  let clients;
  try {
    const apis = [a, b];
    clients = await openClients(
      (j, room) => `${apis[Math.floor(j / ROOMS) % 2].url}/rooms/${seeded.rooms[room].id}`,
      (room, k) => seeded.member(room, k).token,
    );
    const times = await timeInTurns(apiTrigger(apis, seeded.rooms), bare.trigger);
    const where = `edited on process A, half of each room's members on process B, Redis Streams, ${db}`;
    rows.push(row(where, times, 'bare Socket.IO on two processes over the same Redis Streams adapter'));
  } finally {
    clients?.close();
    await b.stop();
    await a.stop();
    await bare.stop();
    await dropStream(stream);
  }
  return rows;
}
