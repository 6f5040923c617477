import type { TFlashcard, TRating, TRatingPreviews } from '@learnboost/api/contract';
import { sideText } from './card-sides';
import { comesBackIn } from './comes-back';

// A study session's state, step by step, as plain functions of the state before: what the
// flashcards store does to its session when a card is rated, changed or removed. The store adds
// what talks to the server and to this browser's copy.

/** A card of the session; cards studied ahead have no previews (their schedule will not move). */
export type StudyCard = TFlashcard & { previews?: TRatingPreviews };

/** One rating the learner may still take back. `saved` settles to the card the server returned, or null if lost. */
export interface RatedCard {
  cardId: string;
  /** The review's own id, which undo names. */
  reviewId: string;
  index: number;
  grade: TRating;
  saved: Promise<TFlashcard | null>;
}

export interface Outcome {
  question: string;
  phrase: string;
}

/** The part of the store's state these steps read. */
interface Session {
  cards: StudyCard[];
  index: number;
  reviewed: number;
  again: number;
  total: number;
  dueCount: number;
  history: RatedCard[];
}

/** How many ratings undo can take back. */
const HISTORY_LIMIT = 50;

export const isDue = (card: TFlashcard) => Date.parse(card.due) <= Date.now();
const dueDelta = (before: TFlashcard, after: TFlashcard) => Number(isDue(after)) - Number(isDue(before));

/** Once every rating of the session has its answer (saved or lost). */
export const savedOrLost = (history: RatedCard[]) => Promise.allSettled(history.map((h) => h.saved));

/** A session starting over `cards`: the first card face up, nothing counted, nothing to undo. */
export const startedSession = (mode: 'due' | 'ahead', cards: StudyCard[]) => ({
  mode,
  cards,
  finished: cards.length === 0,
  index: 0,
  reviewed: 0,
  again: 0,
  flipped: false,
  shownAt: Date.now(),
  history: [],
  lastOutcome: null,
});

/** The session one card on, after a rating of `grade` (studied or practised alike). */
export const advanced = (s: Pick<Session, 'reviewed' | 'again'>, index: number, grade: TRating) => ({
  index: index + 1,
  reviewed: s.reviewed + 1,
  again: s.again + Number(grade === 1),
  flipped: false,
  shownAt: Date.now(),
});

/** The session one card on after a rating undo may take back (the oldest beyond the limit drops). */
export const advancedKeeping = (s: Session, rated: RatedCard) => ({
  ...advanced(s, rated.index, rated.grade),
  history: [...s.history, rated].slice(-HISTORY_LIMIT),
});

/** The session back on the card of the rating undone, uncounted. */
export const steppedBack = (s: Session, undone: RatedCard) => ({
  index: undone.index,
  reviewed: Math.max(0, s.reviewed - 1),
  again: Math.max(0, s.again - Number(undone.grade === 1)),
  finished: false,
  flipped: false,
  shownAt: Date.now(),
  lastOutcome: null,
});

/** What the session says after a rating: the card's question and when it comes back. */
export const outcomeOf = (card: StudyCard, after: TFlashcard): Outcome => ({
  question: sideText(card, 'question'),
  phrase: comesBackIn(after),
});

/** A card's new schedule: it keeps its place (and its previews) in the session; the due count follows. */
export const withCardReplaced = (s: Session, updated: TFlashcard, before: TFlashcard) => ({
  cards: s.cards.map((c) => (c.id === updated.id ? { ...c, ...updated } : c)),
  dueCount: Math.max(0, s.dueCount + dueDelta(before, updated)),
});

/** A card edited elsewhere: its text, and the text and extra of the other cards of its cloze text. */
export const withCardEdited = (s: Session, card: TFlashcard) => ({
  cards: s.cards.map((c) => {
    if (c.id === card.id) return { ...c, ...card };
    // The cards of one cloze text share its text and extra: they change together.
    if (c.noteId === card.noteId) return { ...c, question: card.question, answer: card.answer };
    return c;
  }),
});

/** A card deleted: the learner stays on the card that was next; a deleted card can no longer be undone. */
export function withCardRemoved(s: Session, cardId: string) {
  const at = s.cards.findIndex((c) => c.id === cardId);
  const gone = s.cards[at];
  if (!gone) return {};
  const cards = s.cards.filter((c) => c.id !== cardId);
  const index = at < s.index ? s.index - 1 : s.index;
  return {
    cards,
    index,
    finished: index >= cards.length,
    flipped: false,
    shownAt: Date.now(),
    total: Math.max(0, s.total - 1),
    dueCount: Math.max(0, s.dueCount - Number(isDue(gone))),
    history: s.history.filter((h) => h.cardId !== cardId),
    lastOutcome: null,
  };
}

/** The server's queue after the session's cards so far, less the cards the session already holds. */
export const withNewCards = (s: Session, queue: StudyCard[]) => {
  const seen = new Set(s.cards.map((c) => c.id));
  return { cards: [...s.cards, ...queue.filter((c) => !seen.has(c.id))] };
};

/**
 * Back online mid-session: the cards of this session so far (the one on screen among them), then
 * the server's queue. Those seen are not offered again mid-session: as online, one due again comes
 * when the session asks at its end.
 */
export function rejoined(s: Session, queue: { cards: StudyCard[]; nextDueAt: string | null }) {
  const seen = new Set(s.cards.slice(0, s.index + 1).map((c) => c.id));
  const cards = [...s.cards.slice(0, s.index + 1), ...queue.cards.filter((c) => !seen.has(c.id))];
  return {
    cards,
    nextDueAt: queue.nextDueAt,
    finished: s.index >= cards.length,
    unchecked: false,
    ...(s.index >= s.cards.length ? { shownAt: Date.now() } : {}),
  };
}
