import { isRoomMember, roomExists } from '@learnboost/db';
import type { FastifyInstance } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import { z } from 'zod';
import {
  LOBBY_NAMESPACE,
  type LobbyServerEvents,
  type RoomClientEvents,
  type RoomServerEvents,
  roomNamespace,
  type TGameAck,
  type TRoomAck,
  type TRoomMember,
  ZAddRoomCardBody,
  ZGameAnswerBody,
} from '../../contract';
import type { AuthUser } from '../../lib/auth-user';
import { userFromToken } from '../../lib/authenticate';
import { AppError, errorBody } from '../../lib/errors';
import type { WindowCounter } from '../../lib/rate-counter';
import { answerQuestion, closeAndReveal, GameCache, type GameDeps, runningGameFor } from './game.service';
import { createGameClock } from './game-clock';
import type { GameEvents } from './game-events';
import { addRoomCard, getRoomState } from './group-learning.service';
import { OnlineMembers } from './online-members';
import { PerMinuteLimit } from './rate-limit';
import type { RoomEvents } from './room-events';

type RoomSocketData = { user: AuthUser; roomId: string; member: TRoomMember };
type NoEvents = Record<string, never>;
/** Between the processes of a cluster: a socket opened or closed in the room. */
type RoomPeerEvents = { 'presence:changed': () => void };
type RoomNamespace = Namespace<RoomClientEvents, RoomServerEvents, RoomPeerEvents, RoomSocketData>;
type RoomSocket = Socket<RoomClientEvents, RoomServerEvents, RoomPeerEvents, RoomSocketData>;

declare module 'fastify' {
  interface FastifyInstance {
    groupLearning: { events: RoomEvents; cardLimit: PerMinuteLimit; game: GameDeps };
  }
}

export const NOT_A_MEMBER = 'Join the room first';
const PREFIX = '/rooms/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ZSocketGameAnswer = ZGameAnswerBody.extend({ gameId: z.uuid({ error: 'Game not found' }) });

const roomIdOf = (name: string) => name.slice(PREFIX.length);
const userRoom = (userId: string) => `user:${userId}`;

export type RoomSocketOptions = {
  cardsPerMinute: number;
  counter: WindowCounter;
  /** Set: the api runs as several processes sharing this Redis (events, game clock leases). */
  redisUrl?: string;
  redisStreamName: string;
};

/** `/lobby`: signed-in learners on the room grid; they only listen. */
function openLobby(app: FastifyInstance): Namespace<NoEvents, LobbyServerEvents> {
  const lobby: Namespace<NoEvents, LobbyServerEvents> = app.io.of(LOBBY_NAMESPACE);
  lobby.use(async (socket, next) => {
    try {
      socket.data.user = await userFromHandshake(app, socket);
      next();
    } catch (err) {
      next(new Error(err instanceof AppError ? err.message : 'Could not sign in'));
    }
  });
  return lobby;
}

/** `/rooms/<roomId>` namespaces for room members, and the events the service publishes on them. */
export function registerRoomNamespaces(
  app: FastifyInstance,
  { cardsPerMinute, counter, redisUrl, redisStreamName }: RoomSocketOptions,
): void {
  const clustered = !!redisUrl;
  const cardLimit = new PerMinuteLimit(cardsPerMinute, counter, (err) =>
    app.log.warn({ err }, 'room-card limit unavailable; the card goes through'),
  );

  // A function, not a regex: only rooms that exist get a namespace (a regex would let any client
  // create one), and cleanupEmptyChildNamespaces frees each when its last socket goes.
  const parent: RoomNamespace = app.io.of((name, _auth, next) => {
    const roomId = roomIdOf(name);
    if (!name.startsWith(PREFIX) || !UUID.test(roomId)) return next(null, false);
    roomExists(app.db, roomId).then(
      (exists) => next(null, exists),
      (err: Error) => next(err, false),
    );
  });

  /** Who may open a room's namespace: a signed-in member. */
  const admitMembers: Parameters<RoomNamespace['use']>[0] = async (socket, next) => {
    try {
      const user = await userFromHandshake(app, socket);
      const roomId = roomIdOf(socket.nsp.name);
      if (!(await isRoomMember(app.db, roomId, user.id))) return next(new Error(NOT_A_MEMBER));
      socket.data.user = user;
      socket.data.roomId = roomId;
      socket.data.member = { id: user.id, username: user.username };
      next();
    } catch (err) {
      next(new Error(err instanceof AppError ? err.message : 'Could not open the room'));
    }
  };
  parent.use(admitMembers);

  /**
   * This process's namespace of each room with a socket here (socket.io frees a room's namespace
   * once its last socket leaves; `forget` follows), or opened to publish to the other processes.
   */
  const local = new Map<string, RoomNamespace>();
  const remember = (nsp: RoomNamespace) => {
    local.set(roomIdOf(nsp.name), nsp);
    if (!hearsPeers.has(nsp)) {
      hearsPeers.add(nsp);
      nsp.on('presence:changed', () => online.changed(roomIdOf(nsp.name)));
    }
  };
  const forget = (nsp: RoomNamespace) => {
    if (nsp.sockets.size === 0 && local.get(roomIdOf(nsp.name)) === nsp && !publishOnly.has(nsp)) {
      local.delete(roomIdOf(nsp.name));
      online.forget(roomIdOf(nsp.name));
    }
  };
  const hearsPeers = new WeakSet<RoomNamespace>();
  /** Namespaces opened with io.of(name) to publish from here; they stay, as socket.io cannot free them. */
  const publishOnly = new WeakSet<RoomNamespace>();

  /** The room's namespace here; in a cluster, one is opened so the event reaches other processes. */
  function channel(roomId: string): RoomNamespace | undefined {
    const here = local.get(roomId);
    if (here || !clustered) return here; // alone, no local namespace means nobody to tell
    // io.of(name) returns the namespace socket.io already holds for the room (a child of the
    // parent, with its middleware and handlers), or makes a plain one, which gets them here.
    const nsp: RoomNamespace = app.io.of(roomNamespace(roomId));
    if (!nsp.listeners('connection').includes(onConnection)) {
      nsp.use(admitMembers);
      nsp.on('connection', onConnection);
      publishOnly.add(nsp);
    }
    remember(nsp);
    return nsp;
  }

  /** Each online member once, across every process of the cluster. */
  async function onlineIn(nsp: RoomNamespace, leavingSocket?: string): Promise<TRoomMember[]> {
    const sockets = await nsp.fetchSockets().catch(() => nsp.local.fetchSockets());
    const byId = new Map<string, TRoomMember>();
    for (const s of sockets) if (s.data.member && s.id !== leavingSocket) byId.set(s.data.member.id, s.data.member);
    return [...byId.values()].sort((a, b) => a.username.localeCompare(b.username));
  }

  /** Who is online in each room for the game, kept until a socket opens or closes there. */
  const online = new OnlineMembers(async (roomId) => {
    const nsp = channel(roomId);
    if (!nsp) return { ids: [], whole: true };
    const sockets = await nsp.fetchSockets().then(
      (all) => ({ all, whole: true }),
      () => nsp.local.fetchSockets().then((all) => ({ all, whole: false })),
    );
    const ids = new Set<string>();
    for (const s of sockets.all) if (s.data.member) ids.add(s.data.member.id);
    return { ids: [...ids], whole: sockets.whole };
  });
  /** Called as a socket opens or starts closing here: this process and its peers forget who was online. */
  function presenceChanged(nsp: RoomNamespace): void {
    online.changed(roomIdOf(nsp.name));
    if (!clustered) return;
    try {
      nsp.serverSideEmit('presence:changed');
    } catch (err) {
      app.log.warn({ err }, 'telling the other processes of a presence change failed');
    }
  }

  /** `leaving`: a member whose sockets are being closed right now, possibly on another process. */
  async function announcePresence(roomId: string, leaving?: string): Promise<void> {
    const nsp = channel(roomId);
    if (!nsp) return;
    const online = (await onlineIn(nsp)).filter((m) => m.id !== leaving);
    nsp.emit('presence', { online });
  }

  const lobby = openLobby(app);
  // Every change a room's grid tile shows, announced to the lobby after the room's own event.
  const roomsChanged = (roomId: string) => lobby.emit('rooms:changed', { roomId });

  const events: RoomEvents = {
    roomCreated: roomsChanged,
    memberJoined: (roomId, member) => {
      channel(roomId)?.emit('member:joined', { member });
      roomsChanged(roomId);
    },
    memberLeft: (roomId, member) => {
      const nsp = channel(roomId);
      nsp?.emit('member:left', { member });
      // A member who left has no business in the room's namespace any more, in any tab.
      nsp?.in(userRoom(member.id)).disconnectSockets(true);
      void announcePresence(roomId, member.id).catch(() => {});
      roomsChanged(roomId);
    },
    cardAdded: (roomId, card) => {
      channel(roomId)?.emit('card:added', { card });
      roomsChanged(roomId);
    },
    cardRemoved: (roomId, cardId) => {
      channel(roomId)?.emit('card:removed', { cardId });
      roomsChanged(roomId);
    },
    roomUpdated: (roomId, room) => {
      channel(roomId)?.emit('room:updated', { room });
      roomsChanged(roomId);
    },
    roomDeleted: (roomId) => {
      const nsp = channel(roomId);
      nsp?.emit('room:deleted', { roomId });
      nsp?.disconnectSockets(true);
      roomsChanged(roomId);
    },
  };

  const gameEvents: GameEvents = {
    started: (roomId, game) => {
      channel(roomId)?.emit('game:question', { game });
      roomsChanged(roomId);
    },
    question: (roomId, game) => channel(roomId)?.emit('game:question', { game }),
    progress: (roomId, progress) => channel(roomId)?.emit('game:progress', progress),
    reveal: (roomId, game) => channel(roomId)?.emit('game:reveal', { game }),
    over: (roomId, game) => {
      channel(roomId)?.emit('game:over', { game });
      roomsChanged(roomId);
    },
    online: (roomId) => online.of(roomId),
    knownOnline: (roomId) => online.known(roomId),
  };
  const clock = createGameClock({
    db: app.db,
    redisUrl,
    keyPrefix: redisStreamName,
    close: (gameId, index) => closeAndReveal({ ...game, gameId, index }),
    onError: (err) => app.log.warn({ err }, 'game clock'),
  });
  const game: GameDeps = { db: app.db, events: gameEvents, clock, cache: new GameCache() };
  app.addHook('onReady', () => clock.start());
  app.addHook('onClose', () => clock.stop());
  app.decorate('groupLearning', { events, cardLimit, game });

  async function answer(socket: RoomSocket, body: unknown, ack: (answer: TGameAck) => void): Promise<void> {
    const parsed = ZSocketGameAnswer.safeParse(body);
    if (!parsed.success) return ack({ error: parsed.error.issues[0]?.message ?? 'Invalid answer' });
    const { roomId, user } = socket.data;
    try {
      ack(await answerQuestion({ ...game, userId: user.id, roomId, ...parsed.data }));
    } catch (err) {
      if (!(err instanceof AppError)) app.log.error({ err }, 'answering over a socket failed');
      ack(err instanceof AppError ? errorBody(err) : { error: 'Failed to answer' });
    }
  }

  async function addCard(socket: RoomSocket, body: unknown, ack: (answer: TRoomAck) => void): Promise<void> {
    const { member, roomId } = socket.data;
    const parsed = ZAddRoomCardBody.safeParse(body);
    if (!parsed.success) return ack({ error: parsed.error.issues[0]?.message ?? 'Invalid card' });
    try {
      ack({ card: await addRoomCard({ db: app.db, events, user: member, cardLimit, roomId, body: parsed.data }) });
    } catch (err) {
      if (!(err instanceof AppError)) app.log.error({ err }, 'adding a room card over a socket failed');
      ack({ error: err instanceof AppError ? err.message : 'Failed to add flashcard' });
    }
  }

  function onConnection(socket: RoomSocket): void {
    const { roomId, user } = socket.data;
    remember(socket.nsp);
    presenceChanged(socket.nsp);
    socket.on('disconnect', () => forget(socket.nsp));
    void socket.join(userRoom(user.id));
    socket.on('card:add', (body: unknown, ack: unknown) => {
      // Anything can arrive over the wire: without a callback there is nobody to answer.
      if (typeof ack === 'function') void addCard(socket, body, ack as (answer: TRoomAck) => void);
    });
    socket.on('game:answer', (body: unknown, ack: unknown) => {
      if (typeof ack === 'function') void answer(socket, body, ack as (answer: TGameAck) => void);
    });
    // 'disconnecting', not 'disconnect': the namespace still exists (it is freed once empty), so
    // other processes hear of it without a namespace being opened again just to say so.
    socket.on('disconnecting', (reason) => {
      presenceChanged(socket.nsp);
      // Closed by the server: the member left (memberLeft announces), the room is gone, or the
      // app is shutting down.
      if (reason === 'server namespace disconnect' || reason === 'server shutting down') return;
      const nsp = socket.nsp;
      void onlineIn(nsp, socket.id)
        .then((online) => nsp.emit('presence', { online }))
        .catch(() => {});
    });
    void (async () => {
      // A recovered socket already holds the state and has just been replayed what it missed.
      if (!socket.recovered) {
        const [state, running] = await Promise.all([
          onlineIn(socket.nsp).then((online) => getRoomState({ db: app.db, roomId, online })),
          runningGameFor(game, roomId, user.id),
        ]);
        socket.emit('room:state', { ...state, game: running });
      }
      await announcePresence(roomId);
    })().catch((err: unknown) => {
      app.log.error({ err }, 'sending the room state failed');
      socket.disconnect(true);
    });
  }
  parent.on('connection', onConnection);
}

function userFromHandshake(app: FastifyInstance, socket: { handshake: { auth: unknown } }): Promise<AuthUser> {
  const auth = socket.handshake.auth as { token?: unknown };
  return userFromToken(app, typeof auth.token === 'string' ? auth.token : undefined);
}
