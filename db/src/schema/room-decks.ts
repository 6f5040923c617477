import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { cardText, createdAt, id, imageColumns, ownerId } from './columns';
import { decks } from './flashcards';
import { roomCards, roomId } from './group-learning';

/**
 * A member's change waiting for the host or an editor, under "Members suggest" (issue 24):
 * an added card (no card_id), an edit (the text as proposed, against `base_version`) or a delete.
 */
export const roomCardSuggestions = pgTable(
  'room_card_suggestions',
  {
    id: id(),
    roomId: roomId(),
    cardId: uuid('card_id').references(() => roomCards.id, { onDelete: 'cascade' }),
    authorId: ownerId('author_id'),
    action: text('action').$type<'add' | 'edit' | 'delete'>().notNull(),
    ...cardText(),
    // Empty on a delete, and on an edit that names no new text.
    question: text('question').notNull().default(''),
    answer: text('answer').notNull().default(''),
    baseVersion: integer('base_version'),
    status: text('status').$type<'pending' | 'accepted' | 'rejected'>().notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('room_card_suggestions_room_idx').on(t.roomId, t.status, t.createdAt)],
);

/**
 * "Study this deck": the learner studies the room's cards in `deck_id`, one of their own decks.
 * Their study cards (flashcards with room_card_id) hold only their schedule; the text is the room's.
 */
export const roomDeckSubscriptions = pgTable(
  'room_deck_subscriptions',
  {
    roomId: roomId(),
    userId: ownerId(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('room_deck_subscriptions_user_idx').on(t.userId)],
);

/** A card's text as the activity list keeps it, before and after a change (undo puts `before` back). */
export type RoomCardSnapshot = {
  question: string;
  answer: string;
  kind: 'basic' | 'cloze';
  format: 'text' | 'html';
  tags: string[];
  ordinals: number[];
};

/** What happened to the room deck, newest last: the activity list shows the last 100; undo reads it. */
export const roomActivity = pgTable(
  'room_activity',
  {
    id: id(),
    roomId: roomId(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** added, edited, deleted, accepted, rejected, copied (a deck brought in), undone */
    action: text('action').notNull(),
    cardId: uuid('card_id').references(() => roomCards.id, { onDelete: 'cascade' }),
    before: jsonb('before').$type<RoomCardSnapshot>(),
    after: jsonb('after').$type<RoomCardSnapshot & { count?: number }>(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('room_activity_room_time_idx').on(t.roomId, t.createdAt)],
);

/**
 * Images of the room deck's cards (issue 24), by the name card HTML uses (`<img src="name">`):
 * the name is the bytes' hash, so the same image uploaded twice is one row. Members only.
 */
export const roomMedia = pgTable(
  'room_media',
  {
    id: id(),
    roomId: roomId(),
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    ...imageColumns(),
  },
  (t) => [uniqueIndex('room_media_room_name_idx').on(t.roomId, t.name)],
);
