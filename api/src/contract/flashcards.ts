import { z } from 'zod';

export const CARD_TEXT_MAX = 2000;
export const FILL_BOTH = 'Please fill in both question and answer';

const cardText = (field: string) =>
  z
    .string({ error: FILL_BOTH })
    .refine((v) => v.trim().length > 0, FILL_BOTH)
    .refine((v) => v.length <= CARD_TEXT_MAX, `${field} must be at most 2,000 characters`);

export const ZCreateFlashcardBody = z.object({ question: cardText('Question'), answer: cardText('Answer') });
export type TCreateFlashcardBody = z.infer<typeof ZCreateFlashcardBody>;

export const ZUpdateFlashcardBody = z
  .object({ question: cardText('Question').optional(), answer: cardText('Answer').optional() })
  .refine((b) => b.question !== undefined || b.answer !== undefined, 'Nothing to change: send question or answer');
export type TUpdateFlashcardBody = z.infer<typeof ZUpdateFlashcardBody>;

/** 1 Again, 2 Hard, 3 Good, 4 Easy (FSRS grades). */
export const ZRating = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
  error: 'rating is 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)',
});

export const ZReviewBody = z
  .object({
    remembered: z.boolean({ error: 'remembered must be true or false' }).optional(),
    rating: ZRating.optional(),
    /** Time spent on the card; capped by the server so an idle tab is not counted as study. */
    durationMs: z.number().int().min(0).optional(),
  })
  .refine((b) => b.remembered !== undefined || b.rating !== undefined, 'Send remembered (true or false) or a rating');
export type TReviewBody = z.infer<typeof ZReviewBody>;

export const ZCardState = z.enum(['new', 'learning', 'review', 'relearning']);

export const ZFlashcard = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  due: z.string(),
  state: ZCardState,
  reps: z.number(),
  lapses: z.number(),
  scheduledDays: z.number(),
  lastReviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TFlashcard = z.infer<typeof ZFlashcard>;

/** When the card would come back for each rating, if rated now (ISO instants). */
export const ZRatingPreviews = z.object({ again: z.string(), hard: z.string(), good: z.string(), easy: z.string() });
export type TRatingPreviews = z.infer<typeof ZRatingPreviews>;
export const ZStudyCard = ZFlashcard.extend({ previews: ZRatingPreviews });
export type TStudyCard = z.infer<typeof ZStudyCard>;

export const STUDY_SESSION_MAX = 500;

/** A study session: the cards due now, in study order, with what the learner needs to end it well. */
export const ZStudyQueue = z.object({
  cards: z.array(ZStudyCard),
  /** New cards a session may still start today (the daily limit less those started today). */
  newLeft: z.number().int(),
  newCardsPerDay: z.number().int(),
  /** When the next card falls due after this session's (new cards waiting for tomorrow count too). */
  nextDueAt: z.string().nullable(),
});
export type TStudyQueue = z.infer<typeof ZStudyQueue>;

/** "Study ahead": cards not due yet, soonest first; practising them moves no schedule. */
export const AHEAD_MAX = 100;
export const ZAhead = z.object({ cards: z.array(ZFlashcard) });
export type TAhead = z.infer<typeof ZAhead>;
/** A practice answer: the same rating as a review, kept apart from the card's history. */
export const ZPracticeBody = ZReviewBody;
export const ZPracticed = z.object({ practicedAt: z.string() });

export const DECK_PAGE_DEFAULT = 1000;
export const DECK_PAGE_MAX = 1000;

export const ZDeckQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be at least 1')
    .max(DECK_PAGE_MAX, `limit must be at most ${DECK_PAGE_MAX}`)
    .default(DECK_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
});

export const ZDeck = z.object({
  cards: z.array(ZFlashcard),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** Cards in the whole deck, and of those due now. */
  total: z.number(),
  dueCount: z.number(),
});
export type TDeck = z.infer<typeof ZDeck>;
