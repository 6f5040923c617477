import { useGroupLearning } from './group-learning-store';
import { connectLobby } from './room-socket';

/** Changes often come in bursts (a card, then another): the grid is read once per burst. */
const SETTLE_MS = 150;

/**
 * Keeps every tile of the room grid live: the lobby names each room whose members, cards or
 * title changed, and the grid is read again. After a reconnect, what was missed is read at once.
 */
export function watchRoomGrid(): () => void {
  const lobby = connectLobby();
  let timer: number | undefined;
  const refresh = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void useGroupLearning.getState().refreshRooms(), SETTLE_MS);
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
