// The room deck (issue 24), live: 500 socket clients in 50 rooms of 10; a card edited over REST,
// timed until the last of the room's 10 members hears `card:updated`, beside a bare Socket.IO emit
// of the same card measured in turns with it (one process, then two over Redis Streams).
import { randomUUID } from 'node:crypto';
import { percentile, postJson } from '../lib.mjs';
import {
  BARE_SOCKET_PROLOGUE,
  dropStream,
  heard,
  oneThenTwoProcesses,
  openSockets,
  pause,
  REDIS_URL,
  seedRooms,
  startBareServer,
  summary,
  timeHeard,
  timeInTurns,
} from './group-learning.mjs';

export const title = 'Room deck: a card edit reaches the room';

const ROOMS = 50;
const PER_ROOM = 10;
const CLIENTS = ROOMS * PER_ROOM;
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

/**
 * Client j in room j % ROOMS, as that room's member number ⌊j / ROOMS⌋ (10 distinct learners a
 * room); over two processes, members alternate between them, so every room spans both.
 */
async function openClients(urlOf, tokenOf) {
  const sockets = await openSockets(
    CLIENTS,
    (j) => urlOf(j, j % ROOMS),
    (j) => tokenOf(j % ROOMS, Math.floor(j / ROOMS)),
    (s) => s.on('card:updated', ({ card }) => heard(card.question)),
  );
  await pause(1000);
  return {
    close: () => {
      for (const s of sockets) s.close();
    },
  };
}

/** 50 learners in the rooms, each room with one card. */
const seed = (api) =>
  seedRooms(
    api,
    { rooms: ROOMS, perRoom: PER_ROOM, learners: 50, prefix: 'editor', title: 'Deck' },
    async (room, host) => {
      const added = await postJson(
        `${api.url}/api/group-learning/${room.id}/flashcards/add`,
        { question: 'Femur?', answer: 'Thigh bone' },
        host.token,
      );
      if (added.status !== 201) throw new Error(`card add answered ${added.status}`);
      const { card } = await added.json();
      return { card: { id: card.id, version: card.version } };
    },
  );

/** One edit in room i % ROOMS, timed until the room's last member has heard it. */
const timeEdits = (api, bare) =>
  timeInTurns({ api, bare }, { warmup: WARMUP, samples: SAMPLES }, (trigger, i, question) =>
    timeHeard(question, PER_ROOM, () => trigger(i % ROOMS, question)),
  );

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
  let seeded;
  return oneThenTwoProcesses(databaseUrl, startBares, async ({ apis, bare, db }) => {
    seeded ??= await seed(apis[0]);
    const clients = await openClients(
      (j, room) => `${apis[Math.floor(j / ROOMS) % apis.length].url}/rooms/${seeded.rooms[room].id}`,
      (room, k) => seeded.member(room, k).token,
    );
    try {
      const times = await timeEdits(apiTrigger(apis, seeded.rooms), bare.trigger);
      if (apis.length === 1)
        return [row(`${CLIENTS} clients, ${ROOMS} rooms, one api process, ${db}`, times, 'bare Socket.IO emit')];
      const where = `edited on process A, half of each room's members on process B, Redis Streams, ${db}`;
      return [row(where, times, 'bare Socket.IO on two processes over the same Redis Streams adapter')];
    } finally {
      clients.close();
    }
  });
}
