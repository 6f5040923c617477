import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { roomCards } from './group-learning';

/**
 * A card's learning state, as its `state` column keeps it: ts-fsrs's State numbers, under the
 * names the contract sends (`ZCardState`). The one place a state's number is written.
 */
export const CardState = { new: 0, learning: 1, review: 2, relearning: 3 } as const;
export type CardStateName = keyof typeof CardState;
const STATE_NAMES = Object.keys(CardState) as CardStateName[];
export const cardStateName = (state: number): CardStateName => STATE_NAMES[state] ?? 'new';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A learner's decks. Names nest with `::` as Anki's do ("Biology::Cells"); the full name is stored.
 * Each learner has one default deck ("My Flashcards"), where cards go when no deck is named; it
 * can be renamed but not deleted.
 */
export const decks = pgTable(
  'decks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('decks_user_name_idx').on(t.userId, t.name),
    uniqueIndex('decks_user_default_idx').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

// Every field of a ts-fsrs Card is persisted, so scheduling survives restarts exactly.
export const flashcards = pgTable(
  'flashcards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id),
    // 'basic', or 'cloze': then `question` is the cloze text ({{c1::answer::hint}}), `answer` the
    // extra shown on the back, and the card studies the deletions numbered `clozeOrdinal`.
    kind: text('kind').$type<'basic' | 'cloze'>().notNull().default('basic'),
    clozeOrdinal: smallint('cloze_ordinal'),
    // Cards made from one note share it: the numbers of one cloze text, Anki's forward and reverse.
    noteId: uuid('note_id').notNull().defaultRandom(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    // 'text' for cards written here; 'html' (sanitised on the way in) for cards imported from Anki.
    format: text('format').$type<'text' | 'html'>().notNull().default('text'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    // A suspended card is never due and never studied until it is unsuspended.
    suspended: boolean('suspended').notNull().default(false),
    due: timestamp('due', { withTimezone: true }).notNull().defaultNow(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    // CardState above.
    state: smallint('state').notNull().default(CardState.new),
    lastReview: timestamp('last_review', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // A card imported from Anki: its note's GUID and its template (or cloze) ordinal there, so a
    // second import of the same note updates this card instead of adding a copy, as Anki does.
    ankiGuid: text('anki_guid'),
    ankiOrd: smallint('anki_ord'),
    // A card of a room deck the learner studies (issue 24): this row holds only their schedule;
    // the text is read from the room's card, so a change there costs no write per learner.
    roomCardId: uuid('room_card_id').references((): AnyPgColumn => roomCards.id, { onDelete: 'set null' }),
    // The words of both sides, markup left out, for the card browser's search ('simple': no
    // language's stemming, since learners study every language).
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('simple', regexp_replace(question || ' ' || answer, '<[^>]*>', ' ', 'g'))`,
    ),
  },
  (t) => [
    index('flashcards_user_due_idx').on(t.userId, t.due, t.id),
    index('flashcards_deck_idx').on(t.deckId),
    index('flashcards_note_idx').on(t.noteId),
    index('flashcards_search_idx').using('gin', t.search),
    uniqueIndex('flashcards_anki_note_idx').on(t.userId, t.ankiGuid, t.ankiOrd),
    uniqueIndex('flashcards_room_card_idx')
      .on(t.roomCardId, t.userId, sql`coalesce(${t.clozeOrdinal}, 0)`)
      .where(sql`${t.roomCardId} is not null`),
  ],
);

/** Images of a learner's cards, by the name card HTML uses (`<img src="name">`, as in Anki). */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('media_user_name_idx').on(t.userId, t.name)],
);

// The card as it was before each review (a ts-fsrs ReviewLog): enough to roll the review back.
export const flashcardReviews = pgTable(
  'flashcard_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => flashcards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    state: smallint('state').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    lastElapsedDays: integer('last_elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    stateAfter: smallint('state_after').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
    // Time on the card, capped by the service so an idle tab does not count as study.
    durationMs: integer('duration_ms').notNull().default(0),
  },
  (t) => [
    index('flashcard_reviews_user_time_idx').on(t.userId, t.reviewedAt),
    index('flashcard_reviews_card_time_idx').on(t.cardId, t.reviewedAt),
  ],
);

// "Study ahead": a card practised before it is due. Its schedule does not move, so this is not a
// review; the minutes still count as study on the dashboard.
export const flashcardPractice = pgTable(
  'flashcard_practice',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => flashcards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    practicedAt: timestamp('practiced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flashcard_practice_user_time_idx').on(t.userId, t.practicedAt)],
);
