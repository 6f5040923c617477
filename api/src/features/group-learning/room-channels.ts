import type { FastifyInstance } from 'fastify';
import { roomNamespace, type TRoomMember } from '../../contract';
import { OnlineMembers } from './online-members';
import { admitMembers, type RoomNamespace, type RoomSocket, roomIdOf } from './room-admission';

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
  private readonly hearsPeers = new WeakSet<RoomNamespace>();
  /** Namespaces opened with io.of(name) to publish from here; they stay, as socket.io cannot free them. */
  private readonly publishOnly = new WeakSet<RoomNamespace>();

  /** Who is online in each room for the game, kept until a socket opens or closes there. */
  readonly online = new OnlineMembers(async (roomId) => {
    const nsp = this.channel(roomId);
    if (!nsp) return { ids: [], whole: true };
    const sockets = await nsp.fetchSockets().then(
      (all) => ({ all, whole: true }),
      () => nsp.local.fetchSockets().then((all) => ({ all, whole: false })),
    );
    const ids = new Set<string>();
    for (const s of sockets.all) if (s.data.member) ids.add(s.data.member.id);
    return { ids: [...ids], whole: sockets.whole };
  });

  constructor(
    private readonly app: FastifyInstance,
    private readonly clustered: boolean,
    /** What a room's connections get; a publish-only namespace is wired with it too. */
    private readonly onConnection: (socket: RoomSocket) => void,
  ) {}

  remember(nsp: RoomNamespace): void {
    this.local.set(roomIdOf(nsp.name), nsp);
    if (!this.hearsPeers.has(nsp)) {
      this.hearsPeers.add(nsp);
      nsp.on('presence:changed', () => this.online.changed(roomIdOf(nsp.name)));
    }
  }

  forget(nsp: RoomNamespace): void {
    const roomId = roomIdOf(nsp.name);
    if (nsp.sockets.size === 0 && this.local.get(roomId) === nsp && !this.publishOnly.has(nsp)) {
      this.local.delete(roomId);
      this.online.forget(roomId);
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
  async onlineIn(nsp: RoomNamespace, leavingSocket?: string): Promise<TRoomMember[]> {
    const sockets = await nsp.fetchSockets().catch(() => nsp.local.fetchSockets());
    const byId = new Map<string, TRoomMember>();
    for (const s of sockets) if (s.data.member && s.id !== leavingSocket) byId.set(s.data.member.id, s.data.member);
    return [...byId.values()].sort((a, b) => a.username.localeCompare(b.username));
  }

  /** Called as a socket opens or starts closing here: this process and its peers forget who was online. */
  presenceChanged(nsp: RoomNamespace): void {
    this.online.changed(roomIdOf(nsp.name));
    if (!this.clustered) return;
    try {
      nsp.serverSideEmit('presence:changed');
    } catch (err) {
      this.app.log.warn({ err }, 'telling the other processes of a presence change failed');
    }
  }

  /** `leaving`: a member whose sockets are being closed right now, possibly on another process. */
  async announcePresence(roomId: string, leaving?: string): Promise<void> {
    const nsp = this.channel(roomId);
    if (!nsp) return;
    const online = (await this.onlineIn(nsp)).filter((m) => m.id !== leaving);
    nsp.emit('presence', { online });
  }
}
