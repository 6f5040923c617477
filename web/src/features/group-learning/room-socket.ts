import type { RoomClientEvents, RoomServerEvents } from '@learnboost/api/contract';
import { io, type Socket } from 'socket.io-client';
import { readToken } from '../../lib/token-storage';

export type RoomSocket = Socket<RoomServerEvents, RoomClientEvents>;

/** `/rooms/<id>` on the app's own origin; the login token is the handshake's identity. */
export function connectRoom(roomId: string): RoomSocket {
  return io(`/rooms/${roomId}`, {
    // A function, so a reconnect after a new sign-in sends the current token.
    auth: (cb) => cb({ token: readToken() ?? '' }),
    transports: ['websocket'],
    // Each room gets its own connection: closing one room never touches another's socket.
    forceNew: true,
  });
}
