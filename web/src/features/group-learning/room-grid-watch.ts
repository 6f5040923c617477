import { useGroupLearning } from './group-learning-store';
import { connectLobby } from './room-socket';

/**
 * At most one read of the grid per this long, however busy the rooms are: every learner on the
 * grid hears every change, so reading on each would multiply one card into as many requests.
 */
const READ_EVERY_MS = 500;

/**
 * Keeps every tile of the room grid live: the lobby names each room whose members, cards or
 * title changed, and the grid is read again. After a reconnect, what was missed is read at once.
 */
export function watchRoomGrid(): () => void {
  const lobby = connectLobby();
  let timer: number | undefined;
  const refresh = () => {
    if (timer !== undefined) return; // a read is already coming, and will see this change too
    timer = window.setTimeout(() => {
      timer = undefined;
      void useGroupLearning.getState().refreshRooms();
    }, READ_EVERY_MS);
  };
  let connectedBefore = false;
  lobby.on('connect', () => {
    if (connectedBefore) refresh();
    connectedBefore = true;
  });
  lobby.on('rooms:changed', refresh);
  return () => {
    window.clearTimeout(timer);
    lobby.close();
  };
}
