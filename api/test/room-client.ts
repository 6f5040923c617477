import { io as connect, type Socket } from 'socket.io-client';
import { LOBBY_NAMESPACE, type RoomClientEvents, type RoomServerEvents } from '../src/contract';

export type RoomClient = Socket<RoomServerEvents, RoomClientEvents>;
type Received = { event: string; payload: unknown };

/** A real socket.io-client in `/rooms/<id>` that records every event it hears. */
export const openRoom = (url: string, roomId: string, token?: string, reconnection = false) =>
  openNamespace(url, `/rooms/${roomId}`, token, reconnection);

/** The same in the room grid's `/lobby`. */
export const openLobby = (url: string, token?: string) => openNamespace(url, LOBBY_NAMESPACE, token);

function openNamespace(url: string, namespace: string, token?: string, reconnection = false) {
  const socket: RoomClient = connect(`${url}${namespace}`, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    // A connection per client, as two learners' browsers would have (no shared Manager).
    forceNew: true,
    reconnection,
    // Long enough for a test to act while the socket is away.
    reconnectionDelay: 500,
    reconnectionDelayMax: 500,
    randomizationFactor: 0,
  });
  const heard: Received[] = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  const connected = new Promise<{ ok: true } | { ok: false; error: string }>((resolve) => {
    socket.once('connect', () => resolve({ ok: true }));
    socket.once('connect_error', (err) => resolve({ ok: false, error: err.message }));
  });
  return {
    socket,
    heard,
    connected,
    /** Payloads of one event, in arrival order. */
    of: <T = unknown>(event: string) => heard.filter((h) => h.event === event).map((h) => h.payload as T),
    /** Resolves once `event` has been heard `count` times in all. */
    waitFor: (event: string, count = 1, timeoutMs = 5000) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const tick = () => {
          if (heard.filter((h) => h.event === event).length >= count) return resolve();
          if (Date.now() - started > timeoutMs)
            return reject(new Error(`no ${count}× ${event} within ${timeoutMs} ms`));
          setTimeout(tick, 10);
        };
        tick();
      }),
  };
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
