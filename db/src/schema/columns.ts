import { sql } from 'drizzle-orm';
import { customType, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

// Columns several tables declare alike, written once. Each is a function so every table gets a
// builder of its own; the SQL they make is the same as when each table spelled them out (the
// migrations were generated from that, and no new one is needed).

/** Raw bytes (images), as Uint8Array on both drivers. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A learner who owns the row: the row goes with the learner. */
export const ownerId = (name = 'user_id') =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A card's text as personal cards, room cards and suggestions keep it (contract/cloze.ts). */
export const cardText = () => ({
  kind: text('kind').$type<'basic' | 'cloze'>().notNull().default('basic'),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  // 'text' for cards written here; 'html' (sanitised on the way in), e.g. imported from Anki.
  format: text('format').$type<'text' | 'html'>().notNull().default('text'),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
});

/** An image stored by the name card HTML uses (`<img src="name">`). */
export const imageColumns = () => ({
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});
