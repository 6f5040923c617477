import { z } from 'zod';
import { clozeProblem } from './cloze';
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
export const ROOM_TAG_MAX = 100;
export const ROOM_TAGS_MAX = 20;

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

/** What a room card's text must be: a personal card's rules (Basic, or Cloze by contract/cloze.ts). */
const roomCardFields = {
  kind: z.enum(['basic', 'cloze'], { error: 'kind is basic or cloze' }).optional().default('basic'),
  question: z.string({ error: ROOM_CARD_FIELDS_REQUIRED }),
  // A cloze card's extra (its back) may stay empty.
  answer: z.string({ error: ROOM_CARD_FIELDS_REQUIRED }).optional().default(''),
  /** 'html' is sanitised on the way in, as a personal card's HTML is. */
  format: z.enum(['text', 'html'], { error: 'format is text or html' }).optional().default('text'),
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A tag cannot be empty')
        .max(ROOM_TAG_MAX, `A tag is at most ${ROOM_TAG_MAX} characters`),
    )
    .max(ROOM_TAGS_MAX, `At most ${ROOM_TAGS_MAX} tags`)
    .optional()
    .default([]),
};

type RoomCardFields = { kind: 'basic' | 'cloze'; question: string; answer: string; tags: string[] };
const checkRoomCard = (b: RoomCardFields, ctx: z.RefinementCtx) => {
  const problem = roomCardProblem(b);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
};
// Stored trimmed, as before cloze cards existed; Socket events skip the body parser that refuses NUL.
const trimmed = <T extends RoomCardFields>(b: T): T => ({ ...b, question: b.question.trim(), answer: b.answer.trim() });

/** The sentence for what is wrong with a card's text, or null. */
export function roomCardProblem(b: RoomCardFields): { field: string; message: string } | null {
  for (const field of ['question', 'answer'] as const) {
    if (!hasNoNul(b[field])) return { field, message: NUL_TEXT };
    const label = field === 'question' ? 'Question' : 'Answer';
    if (b[field].trim().length > ROOM_CARD_TEXT_MAX)
      return { field, message: `${label} must be at most ${ROOM_CARD_TEXT_MAX.toLocaleString('en')} characters` };
  }
  if (b.tags.some((t) => !hasNoNul(t))) return { field: 'tags', message: NUL_TEXT };
  if (b.kind === 'basic' && (!b.question.trim() || !b.answer.trim()))
    return { field: b.question.trim() ? 'answer' : 'question', message: ROOM_CARD_FIELDS_REQUIRED };
  if (b.kind === 'cloze') {
    const problem = b.question.trim() ? clozeProblem(b.question) : 'Write the cloze text';
    if (problem) return { field: 'question', message: problem };
  }
  return null;
}

export const ZAddRoomCardBody = z.object(roomCardFields).superRefine(checkRoomCard).transform(trimmed);
export type TAddRoomCardBody = z.input<typeof ZAddRoomCardBody>;
export type TRoomCardText = z.output<typeof ZAddRoomCardBody>;

/** An edit sends the whole card and the version it was made from (409 when the card moved on). */
export const ZEditRoomCardBody = z
  .object({
    ...roomCardFields,
    // An integer column: past its range no card has that version, and the database would refuse it.
    version: z
      .number({ error: 'version is the card version you edited' })
      .int('version is the card version you edited')
      .min(1, 'version is the card version you edited')
      .max(2_147_483_647, 'version is the card version you edited'),
  })
  .superRefine(checkRoomCard)
  .transform(trimmed);
export type TEditRoomCardBody = z.input<typeof ZEditRoomCardBody>;

/** Who may change the room deck; the host sets it. The screen's words are ROOM_EDIT_RULE_LABELS. */
export const ZRoomEditRule = z.enum(['edit', 'suggest', 'host'], { error: 'editRule is edit, suggest or host' });
export type TRoomEditRule = z.infer<typeof ZRoomEditRule>;
export const ROOM_EDIT_RULE_LABELS: Record<TRoomEditRule, string> = {
  edit: 'Members edit',
  suggest: 'Members suggest',
  host: 'Host only',
};
export const ZEditRuleBody = z.object({ editRule: ZRoomEditRule });
/** Refused under "Host only"; the room's screen says it to a member instead of the add form. */
export const HOST_ONLY_RULE = 'In this room only the host and editors change cards';
export const ZMemberRoleBody = z.object({
  role: z.enum(['editor', 'member'], { error: 'role is editor or member' }),
});
export const ZRoomMemberParams = z.object({
  roomId: z.uuid({ error: 'Room not found' }),
  userId: z.uuid({ error: 'Member not found' }),
});
export const ZSuggestionParams = z.object({
  roomId: z.uuid({ error: 'Room not found' }),
  suggestionId: z.uuid({ error: 'Suggestion not found' }),
});
/** "Study this deck": the learner's deck named after the room, or null when they do not study it. */
export const ZRoomStudy = z.object({ deckId: z.string().nullable(), deckName: z.string().nullable() });
export type TRoomStudy = z.infer<typeof ZRoomStudy>;
/** "Stop studying" (and leaving a room one studies): keep the cards as one's own, or remove them. */
export const ZStopStudyingBody = z.object({ keepCards: z.boolean({ error: 'keepCards must be true or false' }) });
export const ZLeaveRoomBody = z
  .object({ keepCards: z.boolean({ error: 'keepCards must be true or false' }).optional() })
  // A body-less POST arrives as null.
  .nullish();

export const ZCopyDeckBody = z.object({ deckId: z.uuid({ error: 'Deck not found' }) });

/** Code of a 409 whose body carries the card as it is now: `{error, code, card}`. */
export const STALE_CARD = 'stale_card';
export const STALE_CARD_TEXT = 'Someone changed this card since you opened it';

// A malformed id names no room: the app answers 404 for bad path params.
export const ZRoomParams = z.object({ roomId: z.uuid({ error: 'Room not found' }) });
export const ZRoomCardParams = ZRoomParams.extend({ cardId: z.uuid({ error: 'Card not found' }) });

/**
 * Room media (issue 24): an image uploaded to the room, named by its bytes' hash, so its cards'
 * HTML can show it (`<img src="name">`) to members. PNG, JPEG, GIF or WebP (no SVG: it can script).
 */
export const ROOM_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const ROOM_MEDIA_MAX_BYTES = 2 * 1024 * 1024;
export const ROOM_MEDIA_ROOM_MAX_BYTES = 50 * 1024 * 1024;
export const ZRoomMedia = z.object({ name: z.string(), mime: z.string(), size: z.number().int() });
export type TRoomMedia = z.infer<typeof ZRoomMedia>;
export const ZRoomMediaParams = ZRoomParams.extend({ name: z.string().min(1).max(255) });

export const ZRoomMember = z.object({ id: z.string(), username: z.string() });
export type TRoomMember = z.infer<typeof ZRoomMember>;

/** One line of the room's activity list: who added, edited, deleted, accepted or undid what. */
export const ZRoomActivity = z.object({
  id: z.string(),
  action: z.enum(['added', 'edited', 'deleted', 'accepted', 'rejected', 'copied', 'undone']),
  member: ZRoomMember.nullable(),
  cardId: z.string().nullable(),
  /** The card's question (as it is now, or as it was when deleted); a copied deck: its card count. */
  question: z.string().nullable(),
  count: z.number().nullable(),
  at: z.string(),
  undone: z.boolean(),
});
export type TRoomActivity = z.infer<typeof ZRoomActivity>;
export const ROOM_ACTIVITY_LIMIT = 100;

export const ZRoomCard = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  kind: z.enum(['basic', 'cloze']),
  format: z.enum(['text', 'html']),
  tags: z.array(z.string()),
  /** Raised by every change; an edit names the version it was made from. */
  version: z.number(),
  authorId: z.string().nullable(),
});
export type TRoomCard = z.infer<typeof ZRoomCard>;

/** Aggregates are shown only over this many learners or more: no one's own ratings show through. */
export const GROUP_MIN_LEARNERS = 3;
/**
 * How the group does on each card: how many members study it and the share who would recall it
 * today (their mean FSRS retrievability; a card not reviewed yet counts as not recalled).
 * `recallShare` is null under GROUP_MIN_LEARNERS learners.
 */
export const ZRoomCardStat = z.object({
  cardId: z.string(),
  learners: z.number(),
  recallShare: z.number().nullable(),
});
export const ZRoomDeckStats = z.object({
  minLearners: z.number(),
  cards: z.array(ZRoomCardStat),
  /** "The group's weakest cards": lowest recall share first, at most 10. */
  weakest: z.array(ZRoomCardStat.extend({ card: ZRoomCard, recallShare: z.number() })),
});
export type TRoomDeckStats = z.infer<typeof ZRoomDeckStats>;

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

export const ZRoomSuggestion = z.object({
  id: z.string(),
  action: z.enum(['add', 'edit', 'delete']),
  /** The card an edit or a delete is about; null for an added card. */
  cardId: z.string().nullable(),
  author: ZRoomMember,
  kind: z.enum(['basic', 'cloze']),
  question: z.string(),
  answer: z.string(),
  format: z.enum(['text', 'html']),
  tags: z.array(z.string()),
  baseVersion: z.number().nullable(),
  status: z.enum(['pending', 'accepted', 'rejected']),
  createdAt: z.string(),
});
export type TRoomSuggestion = z.infer<typeof ZRoomSuggestion>;

/** Who may change the deck: the rule and the members the host made editors. */
export const ZRoomDeckRules = z.object({ editRule: ZRoomEditRule, editors: z.array(z.string()) });
export type TRoomDeckRules = z.infer<typeof ZRoomDeckRules>;

export const ZRoomDetail = ZRoomSummary.omit({ cardCount: true, liveQuiz: true }).extend({
  cards: z.array(ZRoomCard),
  ...ZRoomDeckRules.shape,
  /** Pending suggestions (members only; [] for others). */
  suggestions: z.array(ZRoomSuggestion),
});
export type TRoomDetail = z.infer<typeof ZRoomDetail>;

export const ZAddRoomCardAnswer = z.object({ card: ZRoomCard });
/** Under "Members suggest", a member's change becomes a suggestion (202). */
export const ZRoomSuggestionAnswer = z.object({ suggestion: ZRoomSuggestion });
export const ZStaleCardAnswer = z.object({ error: z.string(), code: z.literal(STALE_CARD), card: ZRoomCard });

/** What `/rooms/<id>` sends a socket on connect; later events patch it. */
export type TRoomState = {
  room: { id: string; title: string; topic: string; maxParticipants: number; host: TRoomMember };
  members: TRoomMember[];
  cards: TRoomCard[];
  /** Members with at least one socket open, each once. */
  online: TRoomMember[];
  /** The running live quiz, for late joiners and reconnects; null when none runs. */
  game: TGameForMember | null;
} & TRoomDeckRules & { suggestions: TRoomSuggestion[]; editing: TEditLock[] };

/** "Ana is editing": a soft lock, gone when its holder leaves or stops typing for a minute. */
export type TEditLock = { cardId: string; member: TRoomMember };

export type TRoomAck = { card: TRoomCard } | { suggestion: TRoomSuggestion } | { error: string };
/** An edit's acknowledgement: a 409 carries the card as it is now. */
export type TRoomEditAck =
  | { card: TRoomCard }
  | { suggestion: TRoomSuggestion }
  | { error: string; code?: string; card?: TRoomCard };

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
  'card:updated': (payload: { card: TRoomCard }) => void;
  /** A deck copied into the room: its cards in one event. */
  'cards:added': (payload: { cards: TRoomCard[] }) => void;
  'suggestion:added': (payload: { suggestion: TRoomSuggestion }) => void;
  'suggestion:accepted': (payload: { suggestion: TRoomSuggestion }) => void;
  'suggestion:rejected': (payload: { suggestion: TRoomSuggestion }) => void;
  'card:editing': (payload: TEditLock) => void;
  'card:editing:stopped': (payload: TEditLock) => void;
  'activity:added': (payload: { entry: TRoomActivity }) => void;
  /** The host changed the edit rule or who is an editor. */
  'deck:rules': (payload: TRoomDeckRules) => void;
}

export interface RoomClientEvents extends GameClientEvents {
  /** Adds a card like POST …/flashcards/add; the ack carries the card or an error text. */
  'card:add': (body: TAddRoomCardBody, ack: (answer: TRoomAck) => void) => void;
  /**
   * "I am editing this card", sent again on keystrokes (it keeps the soft lock for another idle
   * period). The ack names the others editing it: a warning, never a refusal.
   */
  'card:editing': (
    body: { cardId: string },
    ack: (answer: { editing: TRoomMember[] } | { error: string }) => void,
  ) => void;
  /** Done editing (saved or closed). */
  'card:editing:stop': () => void;
  /** Edits a card like PUT …/flashcards/{cardId}. */
  'card:edit': (body: TEditRoomCardBody & { cardId: string }, ack: (answer: TRoomEditAck) => void) => void;
  /** Deletes a card like DELETE …/flashcards/{cardId}; `{}` when done. */
  'card:remove': (
    body: { cardId: string },
    ack: (answer: Record<string, never> | { suggestion: TRoomSuggestion } | { error: string }) => void,
  ) => void;
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
