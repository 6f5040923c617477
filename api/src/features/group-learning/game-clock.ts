import { randomUUID } from 'node:crypto';
import { type Db, listOpenQuestions } from '@learnboost/db';
import { createClient } from 'redis';
import type { QuestionClock } from './game-events';

/**
 * Who may run a game's clock. Alone, this process runs them all; over Redis, one process per game
 * holds a lease that it renews while the question is open, and a peer takes it once it lapses.
 */
interface Lease {
  /** Takes or renews the leases of these games; for each, true when this process holds it now. */
  hold(gameIds: string[]): Promise<boolean[]>;
  release(gameId: string): Promise<void>;
  close(): Promise<void>;
}

const aloneLease: Lease = {
  hold: async (gameIds) => gameIds.map(() => true),
  release: async () => {},
  close: async () => {},
};

// For each game: take the lease if nobody holds it, renew it if we do. All of a sweep's games in
// one round trip (a sweep may see hundreds), atomic in Redis.
const HOLD = `local held = {}
for i, key in ipairs(KEYS) do
  local v = redis.call('GET', key)
  if not v then redis.call('SET', key, ARGV[1], 'PX', ARGV[2]) held[i] = 1
  elseif v == ARGV[1] then redis.call('PEXPIRE', key, ARGV[2]) held[i] = 1
  else held[i] = 0 end
end
return held`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

async function redisLease(url: string, prefix: string, ttlMs: number, onError: (err: unknown) => void): Promise<Lease> {
  // Without the offline queue a lease command fails at once while Redis is away (every process
  // then closes questions on time, idempotently) instead of stalling the clock until it is back.
  const redis = createClient({ url, disableOfflineQueue: true });
  redis.on('error', onError);
  await redis.connect();
  // The holder's pid leads, so an operator (or a test) can tell which process runs a game's clock.
  const me = `${process.pid}:${randomUUID()}`;
  const key = (gameId: string) => `${prefix}:game-clock:${gameId}`;
  return {
    async hold(gameIds) {
      if (gameIds.length === 0) return [];
      try {
        const keys = gameIds.map(key);
        const held = await redis.sendCommand<number[]>(['EVAL', HOLD, String(keys.length), ...keys, me, String(ttlMs)]);
        return held.map((h) => h === 1);
      } catch (err) {
        // Redis away: closing a question is idempotent in the database, so every process may try.
        onError(err);
        return gameIds.map(() => true);
      }
    },
    async release(gameId) {
      await redis.sendCommand(['EVAL', RELEASE, '1', key(gameId), me]).catch(onError);
    },
    async close() {
      await redis.close();
    },
  };
}

export type GameClockOptions = {
  db: Db;
  redisUrl?: string;
  keyPrefix: string;
  /** Closes a question whose time is up; does nothing if it closed already. */
  close: (gameId: string, index: number) => Promise<unknown>;
  onError: (err: unknown) => void;
};

/** Lease lifetime and how often each process looks at the open questions (renewing its leases). */
export const LEASE_MS = 1200;
const SWEEP_MS_CLUSTERED = 300;
const SWEEP_MS_ALONE = 2000;

/**
 * The server clock of every open question. A timer per question in the process that owns the game;
 * a sweep of the open questions in the database renews the leases, takes over those whose owner
 * died (in a cluster: within LEASE_MS + a sweep of the lapse), and resumes games after a restart.
 */
export function createGameClock(options: GameClockOptions): QuestionClock & {
  start(): Promise<void>;
  stop(): Promise<void>;
} {
  const { db, close, onError } = options;
  const timers = new Map<string, { index: number; timer: NodeJS.Timeout }>();
  let lease: Lease = aloneLease;
  let sweeper: NodeJS.Timeout | undefined;
  let stopped = false;

  function schedule(gameId: string, index: number, endsAt: Date): void {
    const current = timers.get(gameId);
    if (current?.index === index) return;
    if (current) clearTimeout(current.timer);
    const timer = setTimeout(
      () => {
        timers.delete(gameId);
        close(gameId, index).catch(onError);
      },
      Math.max(0, endsAt.getTime() - Date.now()),
    );
    timers.set(gameId, { index, timer });
  }

  function drop(gameId: string): void {
    const current = timers.get(gameId);
    if (current) clearTimeout(current.timer);
    timers.delete(gameId);
  }

  async function sweep(): Promise<void> {
    const open = await listOpenQuestions(db);
    const seen = new Set(open.map((q) => q.id));
    const held = await lease.hold(open.map((q) => q.id));
    open.forEach((q, i) => {
      if (held[i]) schedule(q.id, q.questionIndex, q.endsAt);
      else drop(q.id); // another process runs this clock
    });
    for (const gameId of timers.keys()) {
      if (!seen.has(gameId)) {
        drop(gameId);
        void lease.release(gameId);
      }
    }
  }

  function loop(everyMs: number): void {
    if (stopped) return;
    sweeper = setTimeout(() => {
      sweep()
        .catch(onError)
        .finally(() => loop(everyMs));
    }, everyMs);
  }

  return {
    watch({ gameId, index, endsAt }) {
      if (stopped) return;
      void lease.hold([gameId]).then(([mine]) => {
        if (mine && !stopped) schedule(gameId, index, endsAt);
      });
    },
    unwatch(gameId) {
      drop(gameId);
      void lease.release(gameId);
    },
    async start() {
      if (options.redisUrl) lease = await redisLease(options.redisUrl, options.keyPrefix, LEASE_MS, onError);
      // Resumes the questions left open by a stopped or crashed process.
      await sweep().catch(onError);
      loop(options.redisUrl ? SWEEP_MS_CLUSTERED : SWEEP_MS_ALONE);
    },
    async stop() {
      stopped = true;
      if (sweeper) clearTimeout(sweeper);
      for (const gameId of [...timers.keys()]) drop(gameId);
      await lease.close();
    },
  };
}
