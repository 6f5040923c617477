import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import type { TRoomMember } from '../../contract';

/**
 * Who is online in each room, across every api process. Over Redis each open socket is an entry
 * in its room's sorted set, scored by when it lapses; the process that holds the socket renews it
 * every HEARTBEAT_MS. A process that dies (SIGKILL, a lost machine) renews nothing, so its members
 * drop out of every room within ENTRY_TTL_MS, and the next sweep (any process's) tells the room.
 * Alone, the sockets of this process are the whole answer and nothing can lapse.
 */
export interface RoomPresence {
  /** A socket of this process opened in the room; resolves once every process can see it. */
  add(roomId: string, socketId: string, member: TRoomMember): Promise<void>;
  /** That socket is closing. */
  remove(roomId: string, socketId: string): Promise<void>;
  /** Each member with a socket open in the room, once, by username. Rejects when Redis is away. */
  online(roomId: string): Promise<TRoomMember[]>;
  /**
   * A number that changes whenever the room's list does: an announcement read at one version and
   * overtaken by a change is announced again, so the last list the room hears is never a stale one.
   */
  version(roomId: string): Promise<number>;
  /** Starts renewing this process's entries and sweeping lapsed ones. */
  start(): void;
  stop(): Promise<void>;
}

export const HEARTBEAT_MS = 2000;
/** Three missed heartbeats: a dead process's members are gone within this plus one sweep (< 10 s). */
export const ENTRY_TTL_MS = 6000;
/** A room quiet for a day forgets its version. */
const VERSION_KEPT_MS = 24 * 3600_000;

const byName = (a: TRoomMember, b: TRoomMember) => a.username.localeCompare(b.username);

function distinct(members: TRoomMember[]): TRoomMember[] {
  const byId = new Map(members.map((m) => [m.id, m]));
  return [...byId.values()].sort(byName);
}

/** This process's own sockets, kept per room: alone, the whole answer; clustered, what it renews. */
class LocalSockets {
  readonly rooms = new Map<string, Map<string, TRoomMember>>();

  add(roomId: string, socketId: string, member: TRoomMember): void {
    const room = this.rooms.get(roomId) ?? new Map<string, TRoomMember>();
    this.rooms.set(roomId, room);
    room.set(socketId, member);
  }

  remove(roomId: string, socketId: string): void {
    const room = this.rooms.get(roomId);
    room?.delete(socketId);
    if (room?.size === 0) this.rooms.delete(roomId);
  }

  online(roomId: string): TRoomMember[] {
    return distinct([...(this.rooms.get(roomId)?.values() ?? [])]);
  }
}

export function localPresence(): RoomPresence & { known(roomId: string): TRoomMember[] } {
  const sockets = new LocalSockets();
  return {
    add: async (roomId, socketId, member) => sockets.add(roomId, socketId, member),
    remove: async (roomId, socketId) => sockets.remove(roomId, socketId),
    online: async (roomId) => sockets.online(roomId),
    // Alone, every announcement is made in order in this one process.
    version: async () => 0,
    known: (roomId) => sockets.online(roomId),
    start: () => {},
    stop: async () => {},
  };
}

type Entry = { p: string; s: string; id: string; u: string };

/**
 * `onLapsed(roomId)`: entries of a room lapsed (their process stopped renewing them) and this
 * process swept them: the room is told who is left, and a running question stops waiting.
 */
export function redisPresence({
  url,
  prefix,
  onLapsed,
  onError,
}: {
  url: string;
  prefix: string;
  onLapsed: (roomId: string) => void;
  onError: (err: unknown) => void;
}): RoomPresence {
  // Commands fail at once while Redis is away instead of queueing: callers fall back to this
  // process's own sockets, and the next heartbeat writes every entry back.
  const redis = createClient({ url, disableOfflineQueue: true });
  redis.on('error', onError);
  // Connected in the background: until then (and whenever Redis is away) callers fall back.
  const connected = redis.connect().then(
    () => true,
    (err: unknown) => {
      onError(err);
      return false;
    },
  );
  const me = randomUUID();
  const sockets = new LocalSockets();
  const roomsKey = `${prefix}:presence:rooms`;
  const roomKey = (roomId: string) => `${prefix}:presence:room:${roomId}`;
  const versionKey = (roomId: string) => `${prefix}:presence:version:${roomId}`;
  const entryOf = (socketId: string, m: TRoomMember) => JSON.stringify({ p: me, s: socketId, id: m.id, u: m.username });
  let timer: NodeJS.Timeout | undefined;
  let beating = false;

  async function heartbeat(): Promise<void> {
    if (beating || !redis.isReady) return;
    beating = true;
    try {
      const lapses = Date.now() + ENTRY_TTL_MS;
      const batch = redis.multi();
      for (const [roomId, room] of sockets.rooms) {
        batch.zAdd(
          roomKey(roomId),
          [...room].map(([socketId, m]) => ({ score: lapses, value: entryOf(socketId, m) })),
        );
        batch.sAdd(roomsKey, roomId);
      }
      if (sockets.rooms.size > 0) await batch.execAsPipeline();
      await sweep();
    } catch (err) {
      onError(err);
    } finally {
      beating = false;
    }
  }

  // Any process may sweep; ZREMRANGEBYSCORE is atomic, so only the one that removed an entry tells
  // the room. Every room in two round trips, however many there are.
  async function sweep(): Promise<void> {
    const rooms = await redis.sMembers(roomsKey);
    if (rooms.length === 0) return;
    const now = Date.now();
    const swept = redis.multi();
    for (const roomId of rooms) swept.zRemRangeByScore(roomKey(roomId), '-inf', now).zCard(roomKey(roomId));
    const answers = (await swept.execAsPipeline()) as unknown as number[];
    const after = redis.multi();
    const lapsed: string[] = [];
    rooms.forEach((roomId, i) => {
      if ((answers[2 * i] ?? 0) > 0) {
        lapsed.push(roomId);
        after.incr(versionKey(roomId)).pExpire(versionKey(roomId), VERSION_KEPT_MS);
      }
      // An emptied room leaves the index; a heartbeat adds it back should a socket be there after all.
      if (answers[2 * i + 1] === 0) after.sRem(roomsKey, roomId);
    });
    await after.execAsPipeline();
    for (const roomId of lapsed) onLapsed(roomId);
  }

  return {
    async add(roomId, socketId, member) {
      sockets.add(roomId, socketId, member);
      await connected;
      await redis
        .multi()
        .zAdd(roomKey(roomId), { score: Date.now() + ENTRY_TTL_MS, value: entryOf(socketId, member) })
        .sAdd(roomsKey, roomId)
        .incr(versionKey(roomId))
        .pExpire(versionKey(roomId), VERSION_KEPT_MS)
        .exec();
    },
    async remove(roomId, socketId) {
      const member = sockets.rooms.get(roomId)?.get(socketId);
      sockets.remove(roomId, socketId);
      await connected;
      if (member) await redis.multi().zRem(roomKey(roomId), entryOf(socketId, member)).incr(versionKey(roomId)).exec();
    },
    async online(roomId) {
      await connected;
      const values = await redis.zRangeByScore(roomKey(roomId), Date.now(), '+inf');
      const members = values.map((v) => JSON.parse(v) as Entry).map((e) => ({ id: e.id, username: e.u }));
      return distinct(members);
    },
    async version(roomId) {
      await connected;
      return Number((await redis.get(versionKey(roomId))) ?? 0);
    },
    start() {
      timer ??= setInterval(() => void heartbeat(), HEARTBEAT_MS);
    },
    async stop() {
      clearInterval(timer);
      if (!(await connected)) return;
      timer = undefined;
      // A clean stop takes its entries out at once rather than letting them lapse.
      const batch = redis.multi();
      for (const [roomId, room] of sockets.rooms) {
        for (const [socketId, m] of room) batch.zRem(roomKey(roomId), entryOf(socketId, m));
      }
      if (sockets.rooms.size > 0) await batch.execAsPipeline().catch(onError);
      await redis.close().catch(onError);
    },
  };
}
