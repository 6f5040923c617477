import type { TRoomCard, TRoomMember } from '../../contract';

/**
 * What the service tells connected members after a change has committed. The socket layer
 * implements it; the service never sees Socket.IO, and tests can record the calls.
 */
export interface RoomEvents {
  roomCreated(roomId: string): void;
  memberJoined(roomId: string, member: TRoomMember): void;
  memberLeft(roomId: string, member: TRoomMember): void;
  cardAdded(roomId: string, card: TRoomCard): void;
  cardRemoved(roomId: string, cardId: string): void;
  roomUpdated(roomId: string, room: { id: string; title: string; topic: string }): void;
  roomDeleted(roomId: string): void;
}
