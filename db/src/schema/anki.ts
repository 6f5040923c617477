import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * An Anki package uploaded and previewed but not yet committed. The file itself waits on disk
 * (`path`); the row says whose it is, when it is forgotten, and how far a commit has got, so any
 * api process can answer for it.
 */
export const ankiImports = pgTable(
  'anki_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    // 'ready' (previewed), 'committing', 'done'
    status: text('status').$type<'ready' | 'committing' | 'done'>().notNull().default('ready'),
    // Progress of a commit: cards written so far, of `total`.
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    // The committing process's last sign of life: a commit silent for long died with its process.
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('anki_imports_expiry_idx').on(t.expiresAt)],
);
