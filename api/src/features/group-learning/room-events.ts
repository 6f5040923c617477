import type { TRoomActivity, TRoomCard, TRoomDeckRules, TRoomMember, TRoomSuggestion } from '../../contract';

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
  /** Many cards at once (a deck copied in): one event, not thousands. */
  cardsAdded(roomId: string, cards: TRoomCard[]): void;
  cardUpdated(roomId: string, card: TRoomCard): void;
  suggestionChanged(
    roomId: string,
    event: 'suggestion:added' | 'suggestion:accepted' | 'suggestion:rejected',
    suggestion: TRoomSuggestion,
  ): void;
  deckRulesChanged(roomId: string, rules: TRoomDeckRules): void;
  activityAdded(roomId: string, entry: TRoomActivity): void;
  roomUpdated(roomId: string, room: { id: string; title: string; topic: string }): void;
  roomDeleted(roomId: string): void;
}
