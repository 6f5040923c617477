import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, cardText, createdAt, id, imageColumns, ownerId } from './columns';
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

export { bytea } from './columns';

/**
 * A learner's decks. Names nest with `::` as Anki's do ("Biology::Cells"); the full name is stored.
 * Each learner has one default deck ("My Flashcards"), where cards go when no deck is named; it
 * can be renamed but not deleted.
 */
export const decks = pgTable(
  'decks',
  {
    id: id(),
    userId: ownerId(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
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
    id: id(),
    userId: ownerId(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id),
    // kind 'basic', or 'cloze': then `question` is the cloze text ({{c1::answer::hint}}), `answer`
    // the extra shown on the back, and the card studies the deletions numbered `clozeOrdinal`.
    // `format` is 'html' for cards imported from Anki.
    ...cardText(),
    clozeOrdinal: smallint('cloze_ordinal'),
    // Cards made from one note share it: the numbers of one cloze text, Anki's forward and reverse.
    noteId: uuid('note_id').notNull().defaultRandom(),
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
    createdAt: createdAt(),
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
export const media = pgTable('media', { id: id(), userId: ownerId(), ...imageColumns() }, (t) => [
  uniqueIndex('media_user_name_idx').on(t.userId, t.name),
]);

/**
 * An image written in pieces (an Anki import's scans): its `media.bytes` is empty and these hold
 * it, pieces 0, 1, … in order. No process then holds a large image whole on its way in, nor
 * PGlite's WebAssembly heap (which never shrinks) a value of its size.
 */
export const mediaChunks = pgTable(
  'media_chunks',
  {
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.seq] })],
);

/** A learner's answer to a card (a review, or practice ahead): the rating they gave it. */
const cardAnswer = () => ({
  id: id(),
  cardId: uuid('card_id')
    .notNull()
    .references(() => flashcards.id, { onDelete: 'cascade' }),
  userId: ownerId(),
  rating: smallint('rating').notNull(),
});

// The card as it was before each review (a ts-fsrs ReviewLog): enough to roll the review back.
export const flashcardReviews = pgTable(
  'flashcard_reviews',
  {
    ...cardAnswer(),
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
    ...cardAnswer(),
    durationMs: integer('duration_ms').notNull().default(0),
    practicedAt: timestamp('practiced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flashcard_practice_user_time_idx').on(t.userId, t.practicedAt)],
);
