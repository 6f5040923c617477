import { z } from 'zod';
import { ZFlashcard, ZRating } from './flashcards';

/** Reviews one sync call takes at most; an outbox longer than this goes in several calls. */
export const SYNC_BATCH_MAX = 1000;
/** A review older than this is refused: its card has moved on too far for it to mean anything. */
export const SYNC_MAX_AGE_DAYS = 30;
/** A device's clock may run this far ahead; a review further in the future is refused. */
export const SYNC_CLOCK_SKEW_MS = 60_000;

/** One review made offline, named by the id the client gave it when the learner rated the card. */
export const ZSyncReview = z.object({
  id: z.uuid({ error: 'Each review needs an id (a UUID)' }),
  cardId: z.uuid({ error: 'cardId must be a card id' }),
  rating: ZRating,
  reviewedAt: z.iso.datetime({ offset: true, error: 'reviewedAt must be an ISO date-time' }),
  durationMs: z.number().int().min(0).optional(),
});
export type TSyncReview = z.infer<typeof ZSyncReview>;

export const ZSyncBody = z.object({
  reviews: z
    .array(ZSyncReview, { error: 'Send reviews: a list' })
    .max(SYNC_BATCH_MAX, `At most ${SYNC_BATCH_MAX.toLocaleString('en')} reviews a call`),
});
export type TSyncBody = z.infer<typeof ZSyncBody>;

export const ZSyncStatus = z.enum(['applied', 'duplicate', 'rejected']);
export type TSyncStatus = z.infer<typeof ZSyncStatus>;

/** Why a review was rejected: a sentence for the learner; the review is not sent again. */
export const SYNC_CARD_DELETED = 'The card was deleted';
export const SYNC_CARD_SUSPENDED = 'The card is suspended';
export const SYNC_TOO_OLD = `Reviewed more than ${SYNC_MAX_AGE_DAYS} days ago`;
export const SYNC_IN_FUTURE = "Reviewed in the future (this device's clock is ahead)";

export const ZSyncResult = z.object({
  id: z.string(),
  status: ZSyncStatus,
  /** Why, for a rejected review. */
  reason: z.string().optional(),
});
export type TSyncResult = z.infer<typeof ZSyncResult>;

/** Days ahead whose due cards the browser keeps for studying offline. */
export const OFFLINE_DAYS = 7;
/** Most cards kept offline: enough for a week of a heavy learner's reviews. */
export const OFFLINE_CARDS_MAX = 2000;

/** A card with the whole FSRS state, so the browser schedules a review exactly as the server would. */
export const ZOfflineCard = ZFlashcard.extend({
  stability: z.number(),
  difficulty: z.number(),
  elapsedDays: z.number(),
  learningSteps: z.number(),
});
export type TOfflineCard = z.infer<typeof ZOfflineCard>;

/** What the Flashcards screen needs to keep working with no network. */
export const ZOfflineSnapshot = z.object({
  /** Cards due within OFFLINE_DAYS, and the new cards the next days may start; none suspended. */
  cards: z.array(ZOfflineCard),
  decks: z.array(z.object({ id: z.string(), name: z.string() })),
  newCardsPerDay: z.number().int(),
  /** New cards still allowed today when the snapshot was taken. */
  newLeft: z.number().int(),
  timeZone: z.string(),
  /** The learner's scheduler: the same parameters and retention the server schedules with. */
  fsrsParameters: z.array(z.number()),
  desiredRetention: z.number(),
  savedAt: z.string(),
});
export type TOfflineSnapshot = z.infer<typeof ZOfflineSnapshot>;

/** One result per review, in the order sent, and every card the call touched as it now stands. */
export const ZSyncAnswer = z.object({ results: z.array(ZSyncResult), cards: z.array(ZOfflineCard) });
export type TSyncAnswer = z.infer<typeof ZSyncAnswer>;
