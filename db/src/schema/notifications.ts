import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // What raised it ("review-due", "session-soon").
    kind: text('kind').notNull(),
    // The event it is about (a day's due cards, one session): one notification per event.
    eventKey: text('event_key').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_read_idx').on(t.userId, t.read, t.createdAt),
    uniqueIndex('notifications_user_event_key').on(t.userId, t.eventKey),
  ],
);
