import type { RoomSocket } from './room-socket';

const SAMPLES = 5;

/**
 * How far the server's clock is ahead of this browser's, in ms (NTP's way, as Kahoot-style games
 * do it): a few round trips at connect, each assuming the server answered halfway through, and the
 * one with the shortest round trip kept, since it is the least delayed by the network.
 */
export async function measureClockOffset(socket: RoomSocket): Promise<number> {
  let best: { rtt: number; offset: number } | null = null;
  for (let i = 0; i < SAMPLES; i++) {
    const sent = Date.now();
    const serverNow = await socket.timeout(2000).emitWithAck('time:sync');
    const received = Date.now();
    const rtt = received - sent;
    if (!best || rtt < best.rtt) best = { rtt, offset: serverNow - (sent + received) / 2 };
  }
  return best?.offset ?? 0;
}
