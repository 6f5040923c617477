import { z } from 'zod';
import { hasNoNul, NUL_TEXT } from './common';
import { ZFlashcard } from './flashcards';
import { ZExamDate } from './scheduler';

export const DECK_NAME_MAX = 200;
const NAME_NEEDED = 'Give the deck a name';

/** "Biology :: Cells " → "Biology::Cells": each level trimmed, as Anki stores nested names. */
export const normaliseDeckName = (name: string) =>
  name
    .split('::')
    .map((part) => part.trim())
    .join('::');

export const ZDeckName = z
  .string({ error: NAME_NEEDED })
  .refine(hasNoNul, NUL_TEXT)
  .transform(normaliseDeckName)
  .refine((v) => v.length > 0, NAME_NEEDED)
  .refine(
    (v) => v.split('::').every((part) => part.length > 0),
    'Each level of a nested deck name needs a name, as in Biology::Cells',
  )
  .refine((v) => v.length <= DECK_NAME_MAX, `A deck name is at most ${DECK_NAME_MAX} characters`);

export const ZDeckBody = z.object({ name: ZDeckName });
export type TDeckBody = z.input<typeof ZDeckBody>;

/** A rename, an exam date (null removes it), or both. */
export const ZDeckPatch = z
  .object({ name: ZDeckName.optional(), examDate: ZExamDate.optional() })
  .refine((b) => b.name !== undefined || b.examDate !== undefined, 'Send a name or an examDate');

/** A deck with its cards counted as Anki counts them: the deck and every deck nested under it. */
export const ZDeckSummary = z.object({
  id: z.string(),
  name: z.string(),
  cardCount: z.number(),
  /** Cards due now that have been studied before (new cards are counted apart). */
  dueCount: z.number(),
  newCount: z.number(),
  /** The deck cards go to when none is named ("My Flashcards" unless renamed); it cannot be deleted. */
  isDefault: z.boolean(),
});
export type TDeckSummary = z.infer<typeof ZDeckSummary>;
export const ZDeckList = z.array(ZDeckSummary);

export const ZDeleteDeckQuery = z.object({
  cards: z.literal('delete', { error: 'cards may only be "delete"' }).optional(),
  moveTo: z.uuid({ error: 'moveTo must be a deck id' }).optional(),
});

export const CARD_STATES = ['new', 'learning', 'review', 'relearning', 'suspended'] as const;
export const SEARCH_PAGE_DEFAULT = 50;
export const SEARCH_PAGE_MAX = 500;

/** The card browser's query. */
export const ZCardSearchQuery = z.object({
  q: z.string().max(500, 'A search is at most 500 characters').optional(),
  deckId: z.uuid({ error: 'deckId must be a deck id' }).optional(),
  state: z.enum(CARD_STATES, { error: `state is one of ${CARD_STATES.join(', ')}` }).optional(),
  /** today: due by the end of the learner's day; overdue: due before it began. New cards are never due. */
  due: z.enum(['today', 'overdue'], { error: 'due is today or overdue' }).optional(),
  sort: z.enum(['due', 'created', 'lapses'], { error: 'sort is due, created or lapses' }).optional().default('due'),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be at least 1')
    .max(SEARCH_PAGE_MAX, `limit must be at most ${SEARCH_PAGE_MAX}`)
    .default(SEARCH_PAGE_DEFAULT),
  cursor: z.string().max(300).optional(),
});
export type TCardSearchQuery = z.infer<typeof ZCardSearchQuery>;

export const ZFoundCard = ZFlashcard.extend({ deckName: z.string() });
export type TFoundCard = z.infer<typeof ZFoundCard>;
export const ZCardSearchResult = z.object({ cards: z.array(ZFoundCard), nextCursor: z.string().nullable() });
export type TCardSearchResult = z.infer<typeof ZCardSearchResult>;

/** One review of a card, for its history in Browse: when, the rating, the time it took, the wait it set. */
export const ZCardReview = z.object({
  id: z.string(),
  reviewedAt: z.string(),
  /** 1 Review Again, 2 Hard, 3 Remembered, 4 Easy. */
  rating: z.number().int(),
  durationMs: z.number().int(),
  /** When this review sent the card back: the due it set. */
  nextDue: z.string(),
});
export type TCardReview = z.infer<typeof ZCardReview>;
export const CARD_HISTORY_MAX = 200;
/** Newest first, at most CARD_HISTORY_MAX; `total` counts them all. */
export const ZCardHistory = z.object({ reviews: z.array(ZCardReview), total: z.number().int() });
export type TCardHistory = z.infer<typeof ZCardHistory>;

export const BULK_MAX = 1000;
export const ZBulkBody = z
  .object({
    ids: z
      .array(z.uuid({ error: 'ids are card ids' }), { error: 'ids is a list of card ids' })
      .min(1, 'Choose at least one card')
      .max(BULK_MAX, `At most ${BULK_MAX.toLocaleString('en')} cards at once`),
    action: z.enum(['move', 'delete', 'suspend', 'unsuspend'], {
      error: 'action is move, delete, suspend or unsuspend',
    }),
    deckId: z.uuid({ error: 'deckId must be a deck id' }).optional(),
  })
  .refine((b) => b.action !== 'move' || b.deckId !== undefined, {
    message: 'Choose the deck to move the cards to (deckId)',
    path: ['deckId'],
  });
export type TBulkBody = z.infer<typeof ZBulkBody>;
export const ZBulkResult = z.object({ changed: z.number() });
