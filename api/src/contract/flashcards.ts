import { z } from 'zod';
import { clozeProblem } from './cloze';

export const CARD_TEXT_MAX = 2000;
export const FILL_BOTH = 'Please fill in both question and answer';

const cardText = (field: string) =>
  z
    .string({ error: FILL_BOTH })
    .refine((v) => v.trim().length > 0, FILL_BOTH)
    .refine((v) => v.length <= CARD_TEXT_MAX, `${field} must be at most 2,000 characters`);

export const ZCardKind = z.enum(['basic', 'cloze'], { error: 'kind is basic or cloze' });
export type TCardKind = z.infer<typeof ZCardKind>;

const deckIdField = z.uuid({ error: 'deckId must be a deck id' });
// A cloze card's back (Anki's "Back Extra") may stay empty; its front is the cloze text.
const extraText = z.string().max(CARD_TEXT_MAX, 'Answer must be at most 2,000 characters');

const CLOZE_EMPTY = 'Write the cloze text';
const blank = (v: string | undefined) => !v?.trim();

/**
 * A basic card (question and answer), or a cloze card: `question` is the text with its deletions,
 * `answer` the optional extra shown on the back. No deckId: the learner's default deck.
 */
export const ZCreateFlashcardBody = z
  .object({
    kind: ZCardKind.optional().default('basic'),
    question: z.string({ error: FILL_BOTH }).max(CARD_TEXT_MAX, 'Question must be at most 2,000 characters'),
    answer: z.string({ error: FILL_BOTH }).max(CARD_TEXT_MAX, 'Answer must be at most 2,000 characters').optional(),
    deckId: deckIdField.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'basic' && (blank(b.question) || blank(b.answer))) {
      // One sentence, each blank field marked.
      for (const field of ['question', 'answer'] as const)
        if (blank(b[field])) ctx.addIssue({ code: 'custom', message: FILL_BOTH, path: [field] });
    } else if (b.kind === 'cloze' && blank(b.question)) {
      ctx.addIssue({ code: 'custom', message: CLOZE_EMPTY, path: ['question'] });
    } else if (b.kind === 'cloze' && clozeProblem(b.question)) {
      ctx.addIssue({ code: 'custom', message: clozeProblem(b.question) as string, path: ['question'] });
    }
  });
export type TCreateFlashcardBody = z.input<typeof ZCreateFlashcardBody>;

/** For a cloze card, `question` is its text (every card of the text changes) and `answer` its extra. */
export const ZUpdateFlashcardBody = z
  .object({ question: cardText('Question').optional(), answer: extraText.optional(), deckId: deckIdField.optional() })
  .refine(
    (b) => b.question !== undefined || b.answer !== undefined || b.deckId !== undefined,
    'Nothing to change: send question, answer or deckId',
  );
export type TUpdateFlashcardBody = z.infer<typeof ZUpdateFlashcardBody>;

/** 1 Again, 2 Hard, 3 Good, 4 Easy (FSRS grades). */
export const ZRating = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
  error: 'rating is 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)',
});

export type TRating = z.infer<typeof ZRating>;

export const ZReviewBody = z
  .object({
    remembered: z.boolean({ error: 'remembered must be true or false' }).optional(),
    rating: ZRating.optional(),
    /** Time spent on the card; capped by the server so an idle tab is not counted as study. */
    durationMs: z.number().int().min(0).optional(),
    /**
     * The review's own id, made by the client: sent again (a retry after a lost answer), it is
     * recognised and recorded once. Optional for older clients.
     */
    reviewId: z.uuid({ error: 'reviewId must be a UUID' }).optional(),
  })
  .refine((b) => b.remembered !== undefined || b.rating !== undefined, 'Send remembered (true or false) or a rating');
/** Undo names the review it undoes, so an undo sent twice undoes one review, not two. */
// Nullish: an undo with no body (older clients) has none.
export const ZUndoBody = z.object({ reviewId: z.uuid({ error: 'reviewId must be a UUID' }).optional() }).nullish();
export type TUndoBody = z.infer<typeof ZUndoBody>;
export const NOT_LAST_REVIEW = "Only the card's last review can be undone";
/** A review id sent again for another card. */
export const REVIEW_ID_TAKEN = 'This review id was already used for another card';
export type TReviewBody = z.infer<typeof ZReviewBody>;

export const ZCardState = z.enum(['new', 'learning', 'review', 'relearning']);
export type TCardState = z.infer<typeof ZCardState>;

export const ZFlashcard = z.object({
  id: z.string(),
  deckId: z.string(),
  kind: ZCardKind,
  /** The deletions this cloze card studies ({{cN::…}}); null for a basic card. */
  clozeOrdinal: z.number().nullable(),
  /** Cards made from one note share it (the numbers of one cloze text). */
  noteId: z.string(),
  question: z.string(),
  answer: z.string(),
  /** 'html' for cards imported from Anki (sanitised on the way in), 'text' for the rest. */
  format: z.enum(['text', 'html']),
  tags: z.array(z.string()),
  suspended: z.boolean(),
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
export const ZRatingPreviews = z.object({
  again: z.string(),
  hard: z.string(),
  good: z.string(),
  easy: z.string(),
  /** When these were made: each wait is counted from it, so a card looked at for a while still shows its real step. */
  at: z.string().optional(),
});
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
  /** One deck and those nested under it; absent: all decks. */
  deckId: deckIdField.optional(),
});

export const ZStudyQuery = z.object({ deckId: deckIdField.optional() });

export const ZDeck = z.object({
  cards: z.array(ZFlashcard),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** Cards in the whole deck, and of those due now. */
  total: z.number(),
  dueCount: z.number(),
});
export type TDeck = z.infer<typeof ZDeck>;
