import { isRoomMember, roomExists } from '@learnboost/db';
import type { FastifyInstance } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import {
  LOBBY_NAMESPACE,
  type LobbyServerEvents,
  type RoomClientEvents,
  type RoomServerEvents,
  type TRoomMember,
} from '../../contract';
import type { AuthUser } from '../../lib/auth-user';
import { userFromToken } from '../../lib/authenticate';
import { AppError } from '../../lib/errors';

// Who may open which namespace: `/lobby` for any signed-in learner, `/rooms/<id>` for a member.

export type RoomSocketData = {
  user: AuthUser;
  roomId: string;
  member: TRoomMember;
  /** The room card this socket is editing ("Ana is editing"), readable from every process. */
  editing?: string;
};
/** Between the processes of a cluster: none of their own (presence lives in Redis: room-presence.ts). */
export type RoomPeerEvents = Record<string, never>;
export type RoomNamespace = Namespace<RoomClientEvents, RoomServerEvents, RoomPeerEvents, RoomSocketData>;
export type RoomSocket = Socket<RoomClientEvents, RoomServerEvents, RoomPeerEvents, RoomSocketData>;
type NoEvents = Record<string, never>;
export type Lobby = Namespace<NoEvents, LobbyServerEvents>;

export const NOT_A_MEMBER = 'Join the room first';
const PREFIX = '/rooms/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const roomIdOf = (name: string) => name.slice(PREFIX.length);
/** Every socket of one learner in a room, to close them all when they leave it. */
export const userRoom = (userId: string) => `user:${userId}`;

function userFromHandshake(app: FastifyInstance, socket: { handshake: { auth: unknown } }): Promise<AuthUser> {
  const auth = socket.handshake.auth as { token?: unknown };
  return userFromToken(app, typeof auth.token === 'string' ? auth.token : undefined);
}

/** `/lobby`: signed-in learners on the room grid; they only listen. */
export function openLobby(app: FastifyInstance): Lobby {
  const lobby: Lobby = app.io.of(LOBBY_NAMESPACE);
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

/** The middleware of every room namespace: a signed-in member of that room gets in. */
export function admitMembers(app: FastifyInstance): Parameters<RoomNamespace['use']>[0] {
  return async (socket, next) => {
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
}

/**
 * The parent of the `/rooms/<roomId>` namespaces. A function, not a regex: only rooms that exist
 * get a namespace (a regex would let any client create one), and cleanupEmptyChildNamespaces
 * frees each when its last socket goes.
 */
export function openRoomNamespaces(app: FastifyInstance): RoomNamespace {
  const parent: RoomNamespace = app.io.of((name, _auth, next) => {
    const roomId = roomIdOf(name);
    if (!name.startsWith(PREFIX) || !UUID.test(roomId)) return next(null, false);
    roomExists(app.db, roomId).then(
      (exists) => next(null, exists),
      (err: Error) => next(err, false),
    );
  });
  parent.use(admitMembers(app));
  return parent;
}
