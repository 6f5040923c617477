import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { createTestDb, type DbHandle, flashcardReviews, flashcards, roomGameAnswers } from '@learnboost/db';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGame } from '../../src/contract';
import { type ApiProcess, freePort, startApiProcess } from '../api-process';
import { buildApkg } from '../fixtures/anki/build-apkg';
import { CAPITALS } from '../game-api';
import { type Answer, onPostgres, request, testServerUrl } from '../helper';
import { startNginx, startRedis } from '../nginx';
import { openRoom, pause, type RoomClient } from '../room-client';

/**
 * The 100 learners, scaled to keep the suite under two minutes on a shared two-core
 * machine: every learner does the same as one of the hundred would, with fewer of them at once.
 */
const LEARNERS = 16;
const REVIEWS_EACH = 4;
const IMPORTERS = 4;

/**
 * Fault suite: three api processes behind the real nginx (deploy/nginx.conf), on one PostgreSQL
 * database and a Redis of the test's own. Learners study, import and play a quiz while one process
 * is killed (SIGKILL) and started again, and Redis is restarted. Every request succeeds or answers
 * a clear 503 that succeeds on retry; no write is lost or doubled.
 */
describe.runIf(onPostgres)('three api processes behind nginx', () => {
  let db: DbHandle;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let redisPort: number;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let env: Record<string, string>;
  const ports: number[] = [];
  const apis: ApiProcess[] = [];
  const sockets: RoomClient[] = [];
  /** Every answer that was neither a success nor a clear 503 (with the route), to show on failure. */
  const unclear: string[] = [];
  let retried = 0;

  beforeAll(async () => {
    db = await createTestDb(testServerUrl);
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    const listen = await freePort();
    for (let i = 0; i < 3; i++) ports.push(await freePort());
    env = {
      DATABASE_URL: db.databaseUrl as string,
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: redis.url,
      REDIS_STREAM_NAME: `learnboost-lb:${randomUUID()}`,
      JWT_SECRET: randomUUID() + randomUUID(),
      PUBLIC_URL: `http://127.0.0.1:${listen}`,
      TRUST_PROXY: 'loopback',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      ROOM_CARDS_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
    };
    apis.push(...(await Promise.all(ports.map((p) => startApiProcess({ ...env, PORT: String(p) })))));
    nginx = await startNginx({ listen, upstreams: ports });
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await nginx?.stop();
    await Promise.all(apis.map((p) => p.stop()));
    await redis?.stop();
    await db?.close();
  });

  /** Through nginx; a 503 (said in JSON) is waited out and sent again, anything else is the answer. */
  async function call<T = any>(method: string, route: string, options: Parameters<typeof request>[3] = {}) {
    for (let attempt = 0; ; attempt++) {
      let res: Answer<T> | undefined;
      try {
        res = await request<T>(nginx.url, method, route, options);
      } catch (err) {
        const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
        unclear.push(`${method} ${route}: ${(err as Error).message} (${cause?.code ?? cause?.message})`);
      }
      if (res && res.status !== 503) {
        if (res.status >= 500) unclear.push(`${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
        return res;
      }
      if (res) expect(typeof (res.body as { error?: unknown }).error).toBe('string');
      if (attempt > 40) throw new Error(`${method} ${route} still failing`);
      retried++;
      await pause(250);
    }
  }

  async function register(name: string) {
    const res = await call('POST', '/api/auth/register', {
      body: { username: name, email: `${name}@example.com`, password: 'correct horse' },
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; token: string };
  }

  function roomSocket(roomId: string, token: string) {
    const client = openRoom(nginx.url, roomId, token, true);
    sockets.push(client.socket);
    return client;
  }

  const onlineIds = (client: ReturnType<typeof openRoom>) =>
    (client.of<{ online: { id: string }[] }>('presence').at(-1)?.online ?? []).map((m) => m.id).sort();

  async function presenceBecomes(client: ReturnType<typeof openRoom>, ids: string[], withinMs: number) {
    const want = JSON.stringify([...ids].sort());
    const started = Date.now();
    while (JSON.stringify(onlineIds(client)) !== want) {
      if (Date.now() - started > withinMs) return false;
      await pause(50);
    }
    return true;
  }

  async function killAndRestart(index: number, downForMs: number) {
    const doomed = apis[index] as ApiProcess;
    const exited = new Promise((resolve) => doomed.child.once('exit', resolve));
    doomed.child.kill('SIGKILL');
    await exited;
    await pause(downForMs);
    await doomed.stop();
    apis[index] = await startApiProcess({ ...env, PORT: String(ports[index]) });
  }

  it('keeps learners studying and a quiz counting every answer once while a process is killed and restarted', async () => {
    const host = await register('lbhost');
    const learners: { id: string; token: string }[] = [];
    for (let i = 0; i < LEARNERS; i++) learners.push(await register(`lblearner${i}`));
    const room = await call('POST', '/api/group-learning/rooms', {
      token: host.token,
      body: { title: 'Behind nginx', topic: 'Load balancing', maxParticipants: LEARNERS + 1 },
    });
    const roomId = room.body.id as string;
    for (const [question, answer] of CAPITALS) {
      await call('POST', `/api/group-learning/${roomId}/flashcards/add`, {
        token: host.token,
        body: { question, answer },
      });
    }
    // Each learner has cards to study, and joins the room with a socket (spread over the processes).
    const cards = new Map<string, string[]>();
    for (const l of learners) {
      expect((await call('POST', `/api/group-learning/${roomId}/join`, { token: l.token })).status).toBe(200);
      const ids = [];
      for (let k = 0; k < REVIEWS_EACH; k++) {
        const card = await call('POST', '/api/flashcards', {
          token: l.token,
          body: { question: `Q${k} of ${l.id}`, answer: `A${k}` },
        });
        expect(card.status).toBe(201);
        ids.push(card.body.id as string);
      }
      cards.set(l.id, ids);
    }
    const hostSocket = roomSocket(roomId, host.token);
    const learnerSockets = learners.map((l) => roomSocket(roomId, l.token));
    const everyone = [host.id, ...learners.map((l) => l.id)];
    const outcomes = await Promise.all(learnerSockets.map((c) => c.connected));
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(
      await presenceBecomes(hostSocket, everyone, 10_000),
      `online ${onlineIds(hostSocket).length}, connected ${learnerSockets.filter((c) => c.socket.connected).length}`,
    ).toBe(true);

    const base = `/api/group-learning/${roomId}/games`;
    const start = await call('POST', base, {
      token: host.token,
      body: { source: 'cards', secondsPerQuestion: 6, questionCount: 3 },
    });
    expect(start.status).toBe(201);
    const game = start.body.game as TGame;
    /** learner id → indexes of the questions whose answer the api accepted. */
    const accepted = new Map<string, Set<number>>(learners.map((l) => [l.id, new Set()]));
    const reviewed = new Map<string, string[]>();

    async function answerAll(index: number) {
      await Promise.all(
        learners.map(async (l, n) => {
          const res = await call('POST', `${base}/${game.id}/answers`, {
            token: l.token,
            body: { index, choice: n % 4 },
          });
          // A retry of an answer the api had taken (its reply lost with the process) hears 409 already answered.
          if (res.status === 201 || res.status === 200 || res.body?.code === 'already_answered')
            accepted.get(l.id)?.add(index);
        }),
      );
    }
    async function study() {
      await Promise.all(
        learners.map(async (l) => {
          const ids: string[] = [];
          for (const cardId of cards.get(l.id) ?? []) {
            const reviewId = randomUUID();
            const res = await call('PUT', `/api/flashcards/${cardId}/review`, {
              token: l.token,
              body: { rating: 3, reviewId },
            });
            expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
            ids.push(reviewId);
            expect((await call('GET', '/api/flashcards', { token: l.token })).status).toBe(200);
          }
          reviewed.set(l.id, ids);
        }),
      );
    }
    // A few learners import an Anki deck meanwhile: previewed and committed through whichever
    // process nginx picks, each retried on a 503; a commit cut by the kill is released and made again.
    const importers = learners.slice(0, IMPORTERS);
    async function importAll() {
      await Promise.all(
        importers.map(async (l) => {
          const notes = Array.from({ length: 10 }, (_, k) => ({
            type: 'Basic',
            fields: [`Import ${l.id} ${k}`, `${k}`],
          }));
          const apkg = Buffer.from(await buildApkg({ format: 'anki21', notes }));
          let importId: string | undefined;
          for (let attempt = 0; !importId; attempt++) {
            const form = new FormData();
            form.append('file', new Blob([apkg]), 'deck.apkg');
            const res = await fetch(`${nginx.url}/api/flashcards/import/anki`, {
              method: 'POST',
              headers: { authorization: `Bearer ${l.token}` },
              body: form,
            }).catch(() => undefined);
            const body = (await res?.json().catch(() => ({}))) as { importId?: string; error?: string };
            if (res?.status === 200) importId = body.importId;
            // 503: the process went; 429: this process runs its share of imports, come back (Retry-After).
            else if (res?.status !== 503 && res?.status !== 429)
              unclear.push(`anki upload: ${res?.status} ${JSON.stringify(body)}`);
            if (attempt > 40) throw new Error('upload never went through');
            if (!importId) await pause(250);
          }
          for (let attempt = 0; attempt < 200; attempt++) {
            const commit = await call('POST', `/api/flashcards/import/anki/${importId}/commit`, { token: l.token });
            if (commit.status === 201) return;
            // Committed by an attempt whose answer was lost with the process: the import is gone.
            if (commit.status === 404) return;
            // Being committed (or cut by the kill, released once silent), or the process is busy
            // with its share of imports: wait and try again.
            expect([409, 429], JSON.stringify(commit.body)).toContain(commit.status);
            await pause(500);
          }
          throw new Error('import never committed');
        }),
      );
    }
    async function waitFor(status: string, index: number) {
      for (let i = 0; i < 200; i++) {
        const now = (await call('GET', `${base}/${game.id}`, { token: host.token })).body as TGame;
        if (now.status === status && now.index === index) return now;
        if (now.status === 'finished') return now;
        await pause(100);
      }
      throw new Error(`game never reached ${status} ${index}`);
    }

    // Process 1 dies as the learners study and answer the first question, and comes back 2 s later.
    const killing = pause(300).then(() => killAndRestart(1, 2000));
    await Promise.all([study(), answerAll(0), importAll(), killing]);
    for (let index = 0; index < game.total; index++) {
      if (index > 0) {
        const next = await call('POST', `${base}/${game.id}/next`, { token: host.token });
        expect(next.status).toBe(200);
        await answerAll(index);
      }
      await waitFor('reveal', index);
    }
    const over = await call('POST', `${base}/${game.id}/next`, { token: host.token });
    expect(over.body.status).toBe('finished');

    // Every accepted answer counted once; nothing else in the database.
    const rows = await db.db.select().from(roomGameAnswers).where(eq(roomGameAnswers.gameId, game.id));
    const inDb = rows.map((r) => `${r.userId}:${r.position}`).sort();
    const taken = [...accepted].flatMap(([id, set]) => [...set].map((i) => `${id}:${i}`)).sort();
    expect(inDb).toEqual(taken);
    expect(new Set(inDb).size).toBe(inDb.length);
    // The leaderboard adds up what the database holds.
    const results = await call('GET', `${base}/${game.id}/results`, { token: host.token });
    const points = new Map<string, number>();
    for (const r of rows) points.set(r.userId, (points.get(r.userId) ?? 0) + (r.points ?? 0));
    for (const entry of results.body.leaderboard as { member: { id: string }; score: number }[]) {
      expect(entry.score).toBe(points.get(entry.member.id) ?? 0);
    }
    // Every review recorded once, retried or not.
    const ids = [...reviewed.values()].flat();
    const recorded = await db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(flashcardReviews)
      .where(inArray(flashcardReviews.id, ids));
    expect(recorded[0]?.n).toBe(LEARNERS * REVIEWS_EACH);

    // Each import written once, whole.
    for (const l of importers) {
      const imported = await db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(flashcards)
        .where(and(eq(flashcards.userId, l.id), like(flashcards.question, 'Import %')));
      expect(imported[0]?.n).toBe(10);
    }

    // The killed process's sockets came back through nginx: everyone is online again within 10 s.
    expect(await presenceBecomes(hostSocket, everyone, 10_000)).toBe(true);
    expect(learnerSockets.every((c) => c.socket.connected)).toBe(true);
    expect(unclear, nginx.errors()).toEqual([]);
    console.log(`load balancer: ${retried} requests answered 503 and succeeded on retry`);
  }, 120_000);

  it('commits through one process an Anki import previewed through another', async () => {
    const learner = await register('lbimporter');
    const form = new FormData();
    const notes = Array.from({ length: 20 }, (_, k) => ({ type: 'Basic', fields: [`Across ${k}`, `${k}`] }));
    form.append('file', new Blob([Buffer.from(await buildApkg({ format: 'anki21', notes }))]), 'deck.apkg');
    const preview = await fetch(`${apis[0]?.url}/api/flashcards/import/anki`, {
      method: 'POST',
      headers: { authorization: `Bearer ${learner.token}` },
      body: form,
    });
    expect(preview.status).toBe(200);
    const { importId } = (await preview.json()) as { importId: string };
    const commit = await apis[2]?.request('POST', `/api/flashcards/import/anki/${importId}/commit`, {
      token: learner.token,
    });
    expect(commit?.status).toBe(201);
    expect(commit?.body).toMatchObject({ cards: 20 });
    const deck = await call('GET', '/api/flashcards', { token: learner.token });
    expect(deck.body.cards ?? deck.body.items ?? deck.body).toBeDefined();
  });

  it('keeps serving while Redis restarts, and the rooms resume', async () => {
    const host = await register('lbredishost');
    const member = await register('lbredismember');
    const room = await call('POST', '/api/group-learning/rooms', {
      token: host.token,
      body: { title: 'Redis away', topic: 'Restart' },
    });
    const roomId = room.body.id as string;
    await call('POST', `/api/group-learning/${roomId}/join`, { token: member.token });
    // One socket on each of two processes, straight to them, so the room must cross Redis.
    const onFirst = openRoom(apis[0]?.url as string, roomId, host.token, true);
    const onLast = openRoom(apis[2]?.url as string, roomId, member.token, true);
    sockets.push(onFirst.socket, onLast.socket);
    await Promise.all([onFirst.waitFor('room:state'), onLast.waitFor('room:state')]);
    expect(await presenceBecomes(onLast, [host.id, member.id], 5000)).toBe(true);

    await redis.stop();
    // Redis is away: the api serves on (sign-in, study, room cards are written), nothing is refused.
    const during = [];
    for (let i = 0; i < 5; i++) {
      const res = await call('POST', `/api/group-learning/${roomId}/flashcards/add`, {
        token: host.token,
        body: { question: `Asked while Redis was away ${i}`, answer: `${i}` },
      });
      expect(res.status).toBe(201);
      during.push(res.body.card.id as string);
      expect(
        (
          await call('POST', '/api/auth/login', {
            body: { email: 'lbredismember@example.com', password: 'correct horse' },
          })
        ).status,
      ).toBe(200);
      expect((await call('GET', '/api/group-learning/rooms', { token: member.token })).status).toBe(200);
    }
    redis = await startRedis(redisPort);
    // Rooms resume: a card added now reaches the socket on the other process, and presence is whole.
    const after = await call('POST', `/api/group-learning/${roomId}/flashcards/add`, {
      token: host.token,
      body: { question: 'Asked after Redis came back', answer: 'yes' },
    });
    expect(after.status).toBe(201);
    const heard = async () => {
      for (let i = 0; i < 100; i++) {
        const again = await call('POST', `/api/group-learning/${roomId}/flashcards/add`, {
          token: host.token,
          body: { question: `Probe ${i}`, answer: `${i}` },
        });
        const id = again.body.card.id as string;
        await pause(200);
        if (onLast.of<{ card: { id: string } }>('card:added').some((e) => e.card.id === id)) return true;
      }
      return false;
    };
    expect(await heard()).toBe(true);
    expect(await presenceBecomes(onFirst, [host.id, member.id], 10_000)).toBe(true);
    // Nothing written while Redis was away is lost.
    const state = await call('GET', `/api/group-learning/${roomId}`, { token: member.token });
    const cardIds = JSON.stringify(state.body);
    for (const id of during) expect(cardIds).toContain(id);
    expect(unclear, nginx.errors()).toEqual([]);
  }, 60_000);

  it('keeps a polling Socket.IO session on one process (sticky by cookie)', async () => {
    const learner = await register('lbpoller');
    const room = await call('POST', '/api/group-learning/rooms', {
      token: learner.token,
      body: { title: 'Polling', topic: 'Sticky' },
    });
    // The cookie nginx sets on a first request, sent back as a browser would.
    const first = await fetch(`${nginx.url}/api/health`);
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect(cookie).toMatch(/^lb_route=/);
    const socket = connect(`${nginx.url}/rooms/${room.body.id}`, {
      auth: { token: learner.token },
      transports: ['polling'],
      forceNew: true,
      reconnection: false,
      extraHeaders: { cookie },
    });
    sockets.push(socket as unknown as RoomClient);
    const states: unknown[] = [];
    socket.on('room:state' as never, (s: unknown) => {
      states.push(s);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    // Many polls later the session still lives: every one reached the process holding it.
    for (let i = 0; i < 20; i++)
      expect(await socket.timeout(3000).emitWithAck('time:sync' as never)).toBeTypeOf('number');
    for (let i = 0; i < 100 && states.length === 0; i++) await pause(50);
    expect(states).toHaveLength(1);
    expect(socket.connected).toBe(true);
  });
});

describe.runIf(onPostgres)('nginx in front of processes that are gone', () => {
  it('answers a write whose body came late with a 503 and keeps the connection for the next request', async () => {
    // Nothing listens on these ports: every process is down, as in the moment one was killed.
    const nginx = await startNginx({ listen: await freePort(), upstreams: [await freePort()], upstreamsDown: true });
    try {
      const answers = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(new URL(nginx.url).port), '127.0.0.1');
        let text = '';
        socket.on('data', (d) => {
          text += d;
          if ((text.match(/HTTP\/1\.1 /g) ?? []).length === 2) socket.end();
        });
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        // A review whose body arrives after nginx has read its headers (a client writes them apart),
        // then the client's next request on the same connection.
        socket.write(
          'PUT /api/flashcards/x/review HTTP/1.1\r\nHost: lb\r\nContent-Type: application/json\r\nContent-Length: 12\r\n\r\n',
        );
        setTimeout(() => socket.write('{"rating":3}'), 300);
        setTimeout(() => socket.write('GET /api/health HTTP/1.1\r\nHost: lb\r\n\r\n'), 600);
        setTimeout(() => socket.destroy(), 5000);
      });
      expect(answers.match(/HTTP\/1\.1 \d+/g)).toEqual(['HTTP/1.1 503', 'HTTP/1.1 503']);
    } finally {
      await nginx.stop();
    }
  });
});
