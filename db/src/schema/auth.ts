import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    // Stored as typed; uniqueness ignores case through the index below.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    // The learner's days (streaks, study day, weekly plan) are counted in this zone.
    timeZone: text('time_zone').notNull().default('UTC'),
    weeklyGoalMinutes: integer('weekly_goal_minutes').notNull().default(300),
    // New flashcards a study session may start per learner day (Anki's "new cards/day").
    newCardsPerDay: integer('new_cards_per_day').notNull().default(20),
    // The secret in the learner's calendar-feed URL: not the login token, and rotatable.
    calendarFeedSecret: text('calendar_feed_secret').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

// One row per issued token: logout revokes it here, so a stolen token dies with the session.
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);
