import { z } from 'zod';
import { hasNoNul, NUL_TEXT } from './common';
import type { GameClientEvents, GameServerEvents, TGameForMember } from './group-learning-game';

export * from './group-learning-game';

// Texts the spec gives word for word (Group Learning, sections 5 and 8).
export const ROOM_FIELDS_REQUIRED = 'Please enter title and subject';
export const ROOM_CARD_FIELDS_REQUIRED = 'Please fill question & answer';
export const ROOM_FULL = 'Room is full';
export const ROOM_TEXT_MAX = 120;
export const ROOM_CARD_TEXT_MAX = 2000;
export const ROOM_CAPACITY = { min: 2, max: 50, default: 8 } as const;

const required = (message: string, max: number, field: string) =>
  z
    .string({ error: message })
    .refine((v) => v.trim().length > 0, message)
    .refine((v) => v.trim().length <= max, `${field} must be at most ${max.toLocaleString('en')} characters`)
    // Socket events skip the JSON body parser that refuses it for REST.
    .refine(hasNoNul, NUL_TEXT)
    // Stored trimmed: a room named "  Biology " is listed as "Biology".
    .transform((v) => v.trim());

const roomTitle = required(ROOM_FIELDS_REQUIRED, ROOM_TEXT_MAX, 'Room name');
const roomTopic = required(ROOM_FIELDS_REQUIRED, ROOM_TEXT_MAX, 'Subject');

export const ZCreateRoomBody = z.object({
  title: roomTitle,
  topic: roomTopic,
  maxParticipants: z
    .number({ error: `maxParticipants is a whole number from ${ROOM_CAPACITY.min} to ${ROOM_CAPACITY.max}` })
    .int(`maxParticipants is a whole number from ${ROOM_CAPACITY.min} to ${ROOM_CAPACITY.max}`)
    .min(ROOM_CAPACITY.min, `A room holds at least ${ROOM_CAPACITY.min} learners`)
    .max(ROOM_CAPACITY.max, `A room holds at most ${ROOM_CAPACITY.max} learners`)
    .default(ROOM_CAPACITY.default),
});
export type TCreateRoomBody = z.input<typeof ZCreateRoomBody>;

/** The host renames a room: either field, or both. */
export const ZUpdateRoomBody = z
  .object({ title: roomTitle.optional(), topic: roomTopic.optional() })
  .refine((b) => b.title !== undefined || b.topic !== undefined, 'Nothing to change: send title or topic');
export type TUpdateRoomBody = z.input<typeof ZUpdateRoomBody>;

/** The spec's client sends a guest id and name; identity comes from the token, so both are ignored. */
export const ZJoinRoomBody = z
  .object({ guestId: z.string().max(200).optional(), username: z.string().max(200).optional() })
  // A body-less POST arrives as null.
  .nullish();

export const ZAddRoomCardBody = z.object({
  question: required(ROOM_CARD_FIELDS_REQUIRED, ROOM_CARD_TEXT_MAX, 'Question'),
  answer: required(ROOM_CARD_FIELDS_REQUIRED, ROOM_CARD_TEXT_MAX, 'Answer'),
});
export type TAddRoomCardBody = z.input<typeof ZAddRoomCardBody>;

// A malformed id names no room: the app answers 404 for bad path params.
export const ZRoomParams = z.object({ roomId: z.uuid({ error: 'Room not found' }) });
export const ZRoomCardParams = ZRoomParams.extend({ cardId: z.uuid({ error: 'Card not found' }) });

export const ZRoomMember = z.object({ id: z.string(), username: z.string() });
export type TRoomMember = z.infer<typeof ZRoomMember>;

export const ZRoomCard = z.object({ id: z.string(), question: z.string(), answer: z.string() });
export type TRoomCard = z.infer<typeof ZRoomCard>;

export const ZRoomSummary = z.object({
  id: z.string(),
  title: z.string(),
  topic: z.string(),
  participants: z.array(ZRoomMember),
  maxParticipants: z.number(),
  host: ZRoomMember,
  cardCount: z.number(),
  /** A live quiz runs in the room: the grid says "Live quiz in progress". */
  liveQuiz: z.boolean(),
});
export type TRoomSummary = z.infer<typeof ZRoomSummary>;
export const ZRoomList = z.array(ZRoomSummary);

export const ZRoomDetail = ZRoomSummary.omit({ cardCount: true, liveQuiz: true }).extend({ cards: z.array(ZRoomCard) });
export type TRoomDetail = z.infer<typeof ZRoomDetail>;

export const ZAddRoomCardAnswer = z.object({ card: ZRoomCard });

/** What `/rooms/<id>` sends a socket on connect; later events patch it. */
export type TRoomState = {
  room: { id: string; title: string; topic: string; maxParticipants: number; host: TRoomMember };
  members: TRoomMember[];
  cards: TRoomCard[];
  /** Members with at least one socket open, each once. */
  online: TRoomMember[];
  /** The running live quiz, for late joiners and reconnects; null when none runs. */
  game: TGameForMember | null;
};

export type TRoomAck = { card: TRoomCard } | { error: string };

/** Socket.IO event maps of the `/rooms/<roomId>` namespaces: the api and the web both type with them. */
export interface RoomServerEvents extends GameServerEvents {
  'room:state': (state: TRoomState) => void;
  'room:updated': (payload: { room: { id: string; title: string; topic: string } }) => void;
  'room:deleted': (payload: { roomId: string }) => void;
  'member:joined': (payload: { member: TRoomMember }) => void;
  'member:left': (payload: { member: TRoomMember }) => void;
  presence: (payload: { online: TRoomMember[] }) => void;
  'card:added': (payload: { card: TRoomCard }) => void;
  'card:removed': (payload: { cardId: string }) => void;
}

export interface RoomClientEvents extends GameClientEvents {
  /** Adds a card like POST …/flashcards/add; the ack carries the card or an error text. */
  'card:add': (body: TAddRoomCardBody, ack: (answer: TRoomAck) => void) => void;
  /**
   * The server's clock (ms since the epoch), asked a few times at connect: the quiz's countdown
   * runs on the server's time, whatever the browser's clock says (as Kahoot-style games sync).
   */
  'time:sync': (ack: (serverNow: number) => void) => void;
}

export const roomNamespace = (roomId: string) => `/rooms/${roomId}`;

/**
 * `/lobby`: any signed-in learner looking at the room grid hears which room changed (members,
 * cards, title, a new or deleted room) and reads the grid again.
 */
export const LOBBY_NAMESPACE = '/lobby';
export interface LobbyServerEvents {
  'rooms:changed': (payload: { roomId: string }) => void;
}
