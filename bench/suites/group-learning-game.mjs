import { randomUUID } from 'node:crypto';
import { percentile, postJson } from '../lib.mjs';
import {
  BARE_SOCKET_PROLOGUE,
  dropStream,
  heard,
  memoryOf,
  memoryText,
  openSockets,
  pause,
  REDIS_URL,
  seedRooms,
  startApi,
  startBareServer,
  summary,
  timeHeard,
} from './group-learning.mjs';

export const title = 'Group learning: live quiz';

const ROOMS = 100;
const PER_ROOM = 10;
const PLAYERS = ROOMS * PER_ROOM;
const CARDS = 8;
const CYCLES = 300;
const WARMUP = 30;

// The floor: Socket.IO alone. A POST emits the event to the room; an answer is acknowledged and
// `game:progress` emitted, as the api does, with a game object of the api's size.
const BARE_SERVER = `${BARE_SOCKET_PROLOGUE}    const [, , room, event] = req.url.split('/');
    io.of('/rooms/' + room).emit(event, JSON.parse(body));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
});
const io = new Server(server, options);
io.of(/^\\/rooms\\/\\d+$/).on('connection', (socket) => {
  socket.on('game:answer', (body, ack) => {
    ack({ accepted: true });
    socket.nsp.emit('game:progress', { gameId: body.gameId, index: body.index, answered: 1, expected: ${PER_ROOM} });
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
`;

/** What the floor sends: a game object shaped and sized like the api's. */
const fakeGame = (index) => ({
  game: {
    id: randomUUID(),
    status: 'question',
    index,
    total: CARDS,
    secondsPerQuestion: 120,
    question: { prompt: 'Capital of country 1?', choices: ['City 1', 'City 2', 'City 3', 'City 4'] },
    endsAt: new Date().toISOString(),
    answered: 0,
    expected: PER_ROOM,
    leaderboard: Array.from({ length: PER_ROOM }, (_, i) => ({
      member: { id: randomUUID(), username: `bench${i}` },
      score: 0,
      correct: 0,
      streak: 0,
    })),
  },
});

/** Opens the PLAYERS sockets; socket k of room r is member k of the room (k = 0: the host). */
async function openPlayers(name, urlOf, tokenOf) {
  const rooms = Array.from({ length: ROOMS }, () => []);
  const all = await openSockets(
    PLAYERS,
    (j) => urlOf(j, j % ROOMS),
    (j) => tokenOf(j % ROOMS, Math.floor(j / ROOMS)),
    (s, j) => {
      const r = j % ROOMS;
      const k = Math.floor(j / ROOMS);
      s.on('game:question', ({ game }) => {
        rooms[r].game = game;
        heard(`${name}:${r}:question`);
      });
      s.on('game:reveal', ({ game }) => {
        rooms[r].game = game;
        heard(`${name}:${r}:reveal`);
      });
      s.on('game:over', ({ game }) => {
        rooms[r].game = game;
        heard(`${name}:${r}:over`);
      });
      if (k === 0) s.on('game:progress', () => heard(`${name}:${r}:progress`));
      rooms[r][k] = s;
    },
  );
  return {
    rooms,
    all,
    close: () => {
      for (const s of all) s.close();
    },
  };
}

/** Opens and closes one round of players, reads the heap, opens them again, reads it again. */
async function connectMeasured(servers, name, urlOf, tokenOf) {
  const warm = await openPlayers(`${name}-warm`, urlOf, tokenOf);
  await pause(1000);
  warm.close();
  await pause(1500);
  const before = await Promise.all(servers.map(memoryOf));
  const players = await openPlayers(name, urlOf, tokenOf);
  await pause(1500);
  const after = await Promise.all(servers.map(memoryOf));
  const delta = (key) => after.reduce((sum, m, i) => sum + m[key] - before[i][key], 0) / PLAYERS;
  return { ...players, perPlayer: { heap: delta('heap'), rss: delta('rss') } };
}

/** 100 learners in the rooms, each room with CARDS cards. */
const seed = (api) =>
  seedRooms(
    api,
    { rooms: ROOMS, perRoom: PER_ROOM, learners: 100, prefix: 'player', title: 'Quiz' },
    async (room, host) => {
      for (let c = 0; c < CARDS; c++) {
        const added = await postJson(
          `${api.url}/api/group-learning/${room.id}/flashcards/add`,
          { question: `Capital of country ${c}?`, answer: `City ${c}` },
          host.token,
        );
        await added.arrayBuffer();
      }
    },
  );

/**
 * The api as a target: Next over REST as the host, answers over the player's socket. A game that
 * ends is started again (not timed), so every room always has a question to time.
 */
function apiTarget(apis, seeded, players) {
  const { rooms } = seeded;
  const base = (r) => `${apis[0].url}/api/group-learning/${rooms[r].id}/games`;
  const post = async (url, body, token) => {
    const res = await postJson(url, body, token);
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  return {
    name: 'api',
    players,
    start: (r) =>
      post(base(r), { source: 'cards', secondsPerQuestion: 120, questionCount: CARDS }, rooms[r].host.token),
    next: (r) => post(`${base(r)}/${players.rooms[r].game.id}/next`, {}, rooms[r].host.token),
    end: (r) => post(`${base(r)}/${players.rooms[r].game.id}/end`, {}, rooms[r].host.token),
    answer: (r) => {
      const { id, index } = players.rooms[r].game;
      return players.rooms[r][1 + (index % (PER_ROOM - 1))].emitWithAck('game:answer', {
        gameId: id,
        index,
        choice: 0,
      });
    },
  };
}

function bareTarget(bare, players) {
  const emit = (r, event, body) => postJson(`${bare.url}/rooms/${r}/${event}`, body).then((x) => x.arrayBuffer());
  return {
    name: 'bare',
    players,
    start: (r) => emit(r, 'game:question', fakeGame(0)),
    next: (r) => {
      const game = players.rooms[r].game;
      if (game.status === 'question') return emit(r, 'game:reveal', { game: { ...game, status: 'reveal' } });
      if (game.index + 1 >= game.total) return emit(r, 'game:over', { game: { ...game, status: 'finished' } });
      return emit(r, 'game:question', fakeGame(game.index + 1));
    },
    answer: (r) => {
      const { id, index } = players.rooms[r].game;
      return players.rooms[r][1].emitWithAck('game:answer', { gameId: id, index, choice: 0 });
    },
  };
}

/** One cycle in room r: an answer (→ host's progress), a reveal, the next question. */
async function cycle(target, r) {
  const key = (event) => `${target.name}:${r}:${event}`;
  const progress = await timeHeard(key('progress'), 1, () => target.answer(r));
  const reveal = await timeHeard(key('reveal'), PER_ROOM, () => target.next(r));
  const game = target.players.rooms[r].game;
  if (game.index + 1 >= game.total) {
    await timeHeard(key('over'), PER_ROOM, () => target.next(r));
    await timeHeard(key('question'), PER_ROOM, () => target.start(r));
    return { progress, reveal };
  }
  const question = await timeHeard(key('question'), PER_ROOM, () => target.next(r));
  return { progress, reveal, question };
}

/** The api and its floor take turns, cycle by cycle, so the machine's noise weighs on both alike. */
async function timeInTurns(api, bare) {
  const times = { api: { question: [], progress: [], reveal: [] }, bare: { question: [], progress: [], reveal: [] } };
  for (let i = 0; i < WARMUP + CYCLES; i++) {
    const r = i % ROOMS;
    for (const target of [bare, api]) {
      const result = await cycle(target, r);
      if (i < WARMUP) continue;
      for (const [metric, value] of Object.entries(result)) times[target.name][metric].push(value);
    }
  }
  return times;
}

async function startAll(target, players) {
  await Promise.all(
    Array.from({ length: ROOMS }, (_, r) => timeHeard(`${target.name}:${r}:question`, PER_ROOM, () => target.start(r))),
  );
  return players;
}

function rowsOf(where, times, apiMemory, bareMemory, floorName) {
  const line = (metric, label, bar) => {
    const ratio = percentile(times.api[metric], 50) / percentile(times.bare[metric], 50);
    return [
      `${label} (${where}); bar p99 < ${bar} ms, p50 ≤ 3× bare`,
      `${summary(times.api[metric])}; p50 ${ratio.toFixed(1)}× bare`,
      `${floorName}, timed in turns with it: ${summary(times.bare[metric])}`,
    ];
  };
  return [
    line('question', 'question opens (host Next) → last of 10 players hears it', 100),
    line('progress', 'answer over the socket → host hears game:progress', 50),
    line('reveal', 'question closes (host Next) → last of 10 players hears the reveal', 100),
    [
      `memory per player connection (${where}); bar ≤ 20 KB`,
      memoryText(apiMemory),
      `bare Socket.IO ${memoryText(bareMemory)}`,
    ],
  ];
}

async function measure({ apis, seeded, bares, where, floorName }) {
  const bareUrl = (j, r) => `${bares[j % bares.length].url}/rooms/${r}`;
  const bareClients = await connectMeasured(bares, 'bare', bareUrl, () => '');
  const apiUrl = (j, r) => `${apis[j % apis.length].url}/rooms/${seeded.rooms[r].id}`;
  const apiClients = await connectMeasured(apis, 'api', apiUrl, (r, k) => seeded.member(r, k).token);
  try {
    // Every player is online before the games start, so all ten are expected in each question.
    await pause(1500);
    const api = apiTarget(apis, seeded, apiClients);
    const bare = bareTarget(bares[0], bareClients);
    await startAll(api, apiClients);
    await startAll(bare, bareClients);
    const times = await timeInTurns(api, bare);
    // End the running games, so the next part starts from rooms without one.
    await Promise.all(seeded.rooms.map((_, r) => api.end(r)));
    return rowsOf(where, times, apiClients.perPlayer, bareClients.perPlayer, floorName);
  } finally {
    apiClients.close();
    bareClients.close();
  }
}

export async function run({ databaseUrl }) {
  const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const db = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const rows = [];
  let seeded;
  {
    const bare = await startBareServer(BARE_SERVER);
    const api = await startApi(env);
    try {
      seeded = await seed(api);
      rows.push(
        ...(await measure({
          apis: [api],
          seeded,
          bares: [bare],
          where: `${PLAYERS} players, ${ROOMS} rooms, one api process, ${db}`,
          floorName: 'bare Socket.IO doing the same emits',
        })),
      );
    } finally {
      await api.stop();
      await bare.stop();
    }
  }

  // Two processes need one database they can share: PostgreSQL only.
  if (!databaseUrl) return rows;
  const stream = `learnboost-bench:${randomUUID()}`;
  const bareStream = `learnboost-bench-bare:${randomUUID()}`;
  const redisEnv = { ...env, REDIS_URL, REDIS_STREAM_NAME: stream };
  const bares = [await startBareServer(BARE_SERVER, { REDIS_URL, REDIS_STREAM_NAME: bareStream })];
  bares.push(await startBareServer(BARE_SERVER, { REDIS_URL, REDIS_STREAM_NAME: bareStream }));
  const a = await startApi(redisEnv);
  const b = await startApi(redisEnv);
  try {
    rows.push(
      ...(await measure({
        apis: [a, b],
        seeded,
        bares,
        where: `half the players on process B, Next and answers on A or B, Redis Streams, ${db}`,
        floorName: 'bare Socket.IO on two processes over the same Redis Streams adapter',
      })),
    );
  } finally {
    await b.stop();
    await a.stop();
    for (const bare of bares) await bare.stop();
    await dropStream(stream);
    await dropStream(bareStream);
  }
  return rows;
}
