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

/**
 * Socket.IO reconnects by itself, on a back-off of up to 5 s; when the browser says the network is
 * back, the socket tries at once. A socket closed on purpose (the learner left) stays closed.
 */
function reconnectWhenOnline<S extends Socket>(socket: S): S {
  const retry = () => {
    if (!socket.active) window.removeEventListener('online', retry);
    else if (!socket.connected) socket.connect();
  };
  window.addEventListener('online', retry);
  return socket;
}

/** `/rooms/<id>` on the app's own origin; the login token is the handshake's identity. */
export function connectRoom(roomId: string): RoomSocket {
  return reconnectWhenOnline(
    io(`/rooms/${roomId}`, {
      auth: currentToken,
      transports: ['websocket'],
      // Each room gets its own connection: closing one room never touches another's socket.
      forceNew: true,
    }),
  );
}

/** `/lobby`: which room changed, for the room grid. */
export function connectLobby(): LobbySocket {
  return reconnectWhenOnline(io(LOBBY_NAMESPACE, { auth: currentToken, transports: ['websocket'], forceNew: true }));
}
