import { newId } from '../../lib/new-id';

// The spec's storage keys. localStorage can throw (private mode); failing to remember is harmless.
const CURRENT_ROOM = 'learnboost_current_room';
const GUEST_ID = 'learnboost_guest_id';

export function readCurrentRoom(): string | null {
  try {
    return localStorage.getItem(CURRENT_ROOM);
  } catch {
    return null;
  }
}

export function writeCurrentRoom(roomId: string | null): void {
  try {
    if (roomId) localStorage.setItem(CURRENT_ROOM, roomId);
    else localStorage.removeItem(CURRENT_ROOM);
  } catch {
    // The room just won't reopen after a reload.
  }
}

/** The spec's anonymous id (guest_ + random); sent on join, though the token decides who joins. */
export function guestId(): string {
  try {
    const known = localStorage.getItem(GUEST_ID);
    if (known) return known;
    const fresh = `guest_${newId().replaceAll('-', '').slice(0, 16)}`;
    localStorage.setItem(GUEST_ID, fresh);
    return fresh;
  } catch {
    return 'guest_unknown';
  }
}
