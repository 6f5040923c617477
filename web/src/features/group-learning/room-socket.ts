import {
  LOBBY_NAMESPACE,
  type LobbyServerEvents,
  type RoomClientEvents,
  type RoomServerEvents,
} from '@learnboost/api/contract';
import { io, type Socket } from 'socket.io-client';
import { readToken } from '../../lib/token-storage';

export type RoomSocket = Socket<RoomServerEvents, RoomClientEvents>;
export type LobbySocket = Socket<LobbyServerEvents>;

// A function, so a reconnect after a new sign-in sends the current token.
const currentToken = (cb: (auth: { token: string }) => void) => cb({ token: readToken() ?? '' });

/** `/rooms/<id>` on the app's own origin; the login token is the handshake's identity. */
export function connectRoom(roomId: string): RoomSocket {
  return io(`/rooms/${roomId}`, {
    auth: currentToken,
    transports: ['websocket'],
    // Each room gets its own connection: closing one room never touches another's socket.
    forceNew: true,
  });
}

/** `/lobby`: which room changed, for the room grid. */
export function connectLobby(): LobbySocket {
  return io(LOBBY_NAMESPACE, { auth: currentToken, transports: ['websocket'], forceNew: true });
}
