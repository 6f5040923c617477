import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { cardText, createdAt, id, ownerId } from './columns';

export type RoomEditRule = 'edit' | 'suggest' | 'host';

/** The room a row belongs to: the row goes with the room. */
export const roomId = () =>
  uuid('room_id')
    .notNull()
    .references(() => rooms.id, { onDelete: 'cascade' });

export const rooms = pgTable('rooms', {
  id: id(),
  title: text('title').notNull(),
  topic: text('topic').notNull(),
  hostId: ownerId('host_id'),
  maxParticipants: integer('max_participants').notNull().default(8),
  /** Who may change the room deck (issue 24): ROOM_EDIT_RULES. */
  editRule: text('edit_rule').$type<RoomEditRule>().notNull().default('edit'),
  createdAt: createdAt(),
});

export const roomMembers = pgTable(
  'room_members',
  {
    roomId: roomId(),
    userId: ownerId(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'editor': the host made them one; they change cards directly and decide suggestions. */
    role: text('role').$type<'member' | 'editor'>().notNull().default('member'),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('room_members_user_idx').on(t.userId)],
);

export const roomCards = pgTable(
  'room_cards',
  {
    id: id(),
    roomId: roomId(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    // As on a personal card: 'basic' or 'cloze' (contract/cloze.ts), 'text' or sanitised 'html'.
    ...cardText(),
    // What each subscriber studies of it: {0} for a basic card, the cloze numbers of a cloze text.
    // Kept here, written with the text, so a learner's study cards are made in SQL.
    ordinals: smallint('ordinals').array().notNull().default(sql`'{0}'::smallint[]`),
    /** Raised by every change: a write against an older one answers 409 (no lost update). */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Deleted cards stay as rows, so every subscriber's copy leaves the queue without a write.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('room_cards_room_time_idx').on(t.roomId, t.createdAt)],
);
