import type { FastifyInstance } from 'fastify';
import { roomNamespace, type TRoomMember } from '../../contract';
import { admitMembers, type RoomNamespace, type RoomSocket, roomIdOf } from './room-admission';
import { localPresence, type RoomPresence, redisPresence } from './room-presence';

/**
 * Each room's namespace on this process, and who is online in it: the presence side of the
 * sockets. In a cluster, a room with no socket here still gets a namespace to publish on, so
 * events reach the members connected to other processes.
 */
export class RoomChannels {
  /**
   * This process's namespace of each room with a socket here (socket.io frees a room's namespace
   * once its last socket leaves; `forget` follows), or opened to publish to the other processes.
   */
  private readonly local = new Map<string, RoomNamespace>();
  /** Namespaces opened with io.of(name) to publish from here; they stay, as socket.io cannot free them. */
  private readonly publishOnly = new WeakSet<RoomNamespace>();
  private readonly alone = localPresence();
  /** Who is online in each room: in Redis with an expiry when clustered, so no process's view goes stale. */
  private readonly presence: RoomPresence;
  /** Told when a dead process's members lapsed out of a room (after the room heard who is left). */
  readonly lapsed: ((roomId: string) => void)[] = [];

  /** Who is online in each room, for the game. */
  readonly online = {
    of: async (roomId: string): Promise<string[]> => (await this.membersOnline(roomId)).map((m) => m.id),
    /** Alone, this process knows without asking; clustered, Redis is asked. */
    known: (roomId: string): string[] | undefined =>
      this.redisUrl ? undefined : this.alone.known(roomId).map((m) => m.id),
  };

  private readonly clustered: boolean;

  constructor(
    private readonly app: FastifyInstance,
    private readonly redisUrl: string | undefined,
    redisPrefix: string,
    /** What a room's connections get; a publish-only namespace is wired with it too. */
    private readonly onConnection: (socket: RoomSocket) => void,
  ) {
    this.clustered = !!redisUrl;
    this.presence = redisUrl
      ? redisPresence({
          url: redisUrl,
          prefix: redisPrefix,
          onLapsed: (roomId) => {
            void this.announcePresence(roomId).catch(() => {});
            for (const listener of this.lapsed) listener(roomId);
          },
          onError: (err) => app.log.warn({ err }, 'redis error (room presence)'),
        })
      : this.alone;
    app.addHook('onReady', async () => this.presence.start());
    app.addHook('onClose', () => this.presence.stop());
  }

  remember(nsp: RoomNamespace): void {
    this.local.set(roomIdOf(nsp.name), nsp);
  }

  /** A socket opened here: online for every process once this resolves. */
  async opened(socket: RoomSocket): Promise<void> {
    const { roomId, member } = socket.data;
    if (this.presence !== this.alone) this.alone.add(roomId, socket.id, member);
    await this.presence.add(roomId, socket.id, member).catch((err: unknown) => {
      this.app.log.warn({ err }, 'room presence unavailable; this process answers for its own sockets');
    });
  }

  /** A socket of this process is closing: offline for every process once this resolves. */
  async closing(socket: RoomSocket): Promise<void> {
    const { roomId } = socket.data;
    if (this.presence !== this.alone) this.alone.remove(roomId, socket.id);
    await this.presence.remove(roomId, socket.id).catch(() => {});
  }

  /** Everyone online in the room; with Redis away, those on this process (all it can know). */
  private membersOnline(roomId: string): Promise<TRoomMember[]> {
    return this.presence.online(roomId).catch(async () => this.alone.known(roomId));
  }

  forget(nsp: RoomNamespace): void {
    const roomId = roomIdOf(nsp.name);
    if (nsp.sockets.size === 0 && this.local.get(roomId) === nsp && !this.publishOnly.has(nsp)) {
      this.local.delete(roomId);
    }
  }

  /** The room's namespace here; in a cluster, one is opened so the event reaches other processes. */
  channel(roomId: string): RoomNamespace | undefined {
    const here = this.local.get(roomId);
    if (here || !this.clustered) return here; // alone, no local namespace means nobody to tell
    // io.of(name) returns the namespace socket.io already holds for the room (a child of the
    // parent, with its middleware and handlers), or makes a plain one, which gets them here.
    const nsp: RoomNamespace = this.app.io.of(roomNamespace(roomId));
    if (!nsp.listeners('connection').includes(this.onConnection)) {
      nsp.use(admitMembers(this.app));
      nsp.on('connection', this.onConnection);
      this.publishOnly.add(nsp);
    }
    this.remember(nsp);
    return nsp;
  }

  /** Each online member once, across every process of the cluster. */
  async onlineIn(nsp: RoomNamespace): Promise<TRoomMember[]> {
    return this.membersOnline(roomIdOf(nsp.name));
  }

  /** `leaving`: a member whose sockets are being closed right now, possibly on another process. */
  async announcePresence(roomId: string, leaving?: string): Promise<void> {
    const nsp = this.channel(roomId);
    if (!nsp) return;
    // Processes announce at once and their lists cross on the wire: one read before a change it
    // then overtook on the wire reads again, so the last list the room hears is the latest.
    for (let round = 0; round < 3; round++) {
      const version = await this.presence.version(roomId).catch(() => -1);
      const online = (await this.onlineIn(nsp)).filter((m) => m.id !== leaving);
      nsp.emit('presence', { online });
      if (version === -1 || (await this.presence.version(roomId).catch(() => version)) === version) return;
    }
  }
}
