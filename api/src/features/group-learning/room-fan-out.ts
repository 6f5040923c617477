import type { GameEvents } from './game-events';
import { type Lobby, userRoom } from './room-admission';
import type { RoomChannels } from './room-channels';
import type { RoomEvents } from './room-events';

// What the services' events become on the wire: each change to the room's namespace (on every
// process), then `rooms:changed` to the lobby for the grid's tile.

export function roomEventsOn(channels: RoomChannels, lobby: Lobby): RoomEvents {
  const roomsChanged = (roomId: string) => lobby.emit('rooms:changed', { roomId });
  return {
    roomCreated: roomsChanged,
    memberJoined: (roomId, member) => {
      channels.channel(roomId)?.emit('member:joined', { member });
      roomsChanged(roomId);
    },
    memberLeft: (roomId, member) => {
      const nsp = channels.channel(roomId);
      nsp?.emit('member:left', { member });
      // A member who left has no business in the room's namespace any more, in any tab.
      nsp?.in(userRoom(member.id)).disconnectSockets(true);
      void channels.announcePresence(roomId, member.id).catch(() => {});
      roomsChanged(roomId);
    },
    cardAdded: (roomId, card) => {
      channels.channel(roomId)?.emit('card:added', { card });
      roomsChanged(roomId);
    },
    cardRemoved: (roomId, cardId) => {
      channels.channel(roomId)?.emit('card:removed', { cardId });
      roomsChanged(roomId);
    },
    cardsAdded: (roomId, cards) => {
      channels.channel(roomId)?.emit('cards:added', { cards });
      roomsChanged(roomId);
    },
    cardUpdated: (roomId, card) => channels.channel(roomId)?.emit('card:updated', { card }),
    suggestionChanged: (roomId, event, suggestion) => channels.channel(roomId)?.emit(event, { suggestion }),
    deckRulesChanged: (roomId, rules) => channels.channel(roomId)?.emit('deck:rules', rules),
    activityAdded: (roomId, entry) => channels.channel(roomId)?.emit('activity:added', { entry }),
    roomUpdated: (roomId, room) => {
      channels.channel(roomId)?.emit('room:updated', { room });
      roomsChanged(roomId);
    },
    roomDeleted: (roomId) => {
      const nsp = channels.channel(roomId);
      nsp?.emit('room:deleted', { roomId });
      nsp?.disconnectSockets(true);
      roomsChanged(roomId);
    },
  };
}

export function gameEventsOn(channels: RoomChannels, lobby: Lobby): GameEvents {
  const roomsChanged = (roomId: string) => lobby.emit('rooms:changed', { roomId });
  return {
    started: (roomId, game) => {
      channels.channel(roomId)?.emit('game:question', { game });
      roomsChanged(roomId);
    },
    question: (roomId, game) => channels.channel(roomId)?.emit('game:question', { game }),
    progress: (roomId, progress) => channels.channel(roomId)?.emit('game:progress', progress),
    reveal: (roomId, game) => channels.channel(roomId)?.emit('game:reveal', { game }),
    over: (roomId, game) => {
      channels.channel(roomId)?.emit('game:over', { game });
      roomsChanged(roomId);
    },
    online: (roomId) => channels.online.of(roomId),
    knownOnline: (roomId) => channels.online.known(roomId),
  };
}
