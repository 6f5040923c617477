import type { TFlashcard } from '@learnboost/api/contract';
import { toast } from 'sonner';
import { create } from 'zustand';
import { messageOf } from '../../lib/errors';
import { getDeck } from './api/get-deck';
import { reviewFlashcard } from './api/review-flashcard';
import { undoReview } from './api/undo-review';
import { comesBackIn } from './comes-back';
import { sendWithRetry } from './send-with-retry';

/** One rating the learner may still take back. `saved` settles to the card the server returned, or null if lost. */
interface RatedCard {
  cardId: string;
  index: number;
  saved: Promise<TFlashcard | null>;
}

interface Outcome {
  question: string;
  phrase: string;
}

interface FlashcardsState {
  status: 'loading' | 'ready';
  cards: TFlashcard[];
  /** Cards in the whole deck and of those due now (the deck may hold more than one page). */
  total: number;
  dueCount: number;
  index: number;
  flipped: boolean;
  /** When the current card was shown, so a review can say how long the learner looked at it. */
  shownAt: number;
  lastOutcome: Outcome | null;
  history: RatedCard[];
  /** Ratings still on their way to the server; leaving the page now would lose them. */
  pending: number;
  undoing: boolean;
  load: () => Promise<void>;
  flip: () => void;
  rate: (remembered: boolean) => void;
  undo: () => Promise<void>;
  added: (card: TFlashcard) => void;
  edited: (card: TFlashcard) => void;
  removed: (cardId: string) => void;
}

const HISTORY_LIMIT = 50;
const isDue = (card: TFlashcard) => Date.parse(card.due) <= Date.now();
const dueDelta = (before: TFlashcard, after: TFlashcard) => Number(isDue(after)) - Number(isDue(before));

// Two ratings of one card (a one-card deck wraps onto itself) must reach the server in order.
const lastSendOf = new Map<string, Promise<unknown>>();

export const useFlashcards = create<FlashcardsState>()((set, get) => {
  const replaceCard = (updated: TFlashcard, before: TFlashcard) =>
    set((s) => ({
      cards: s.cards.map((c) => (c.id === updated.id ? updated : c)),
      dueCount: Math.max(0, s.dueCount + dueDelta(before, updated)),
    }));

  return {
    status: 'loading',
    cards: [],
    total: 0,
    dueCount: 0,
    index: 0,
    flipped: false,
    shownAt: Date.now(),
    lastOutcome: null,
    history: [],
    pending: 0,
    undoing: false,

    load: async () => {
      set({ status: 'loading' });
      try {
        const deck = await getDeck();
        set({
          cards: deck.cards,
          total: deck.total,
          dueCount: deck.dueCount,
          index: 0,
          flipped: false,
          shownAt: Date.now(),
          history: [],
        });
      } catch (error) {
        // The spec: a failed load is only logged; the screen shows its empty default.
        console.error('Could not load flashcards', error);
      } finally {
        set({ status: 'ready' });
      }
    },

    flip: () => set((s) => ({ flipped: !s.flipped })),

    rate: (remembered) => {
      const { cards, index, flipped, shownAt } = get();
      const card = cards[index];
      if (!card || !flipped) return;
      const body = { remembered, durationMs: Math.max(0, Date.now() - shownAt) };
      const previous = lastSendOf.get(card.id) ?? Promise.resolve();
      const saved = previous
        .catch(() => undefined)
        .then(() => sendWithRetry(() => reviewFlashcard(card.id, body)))
        .then((updated) => {
          const current = get().cards.find((c) => c.id === card.id) ?? card;
          replaceCard(updated, current);
          set({ lastOutcome: { question: card.question, phrase: comesBackIn(updated.due, updated.scheduledDays) } });
          return updated;
        })
        .catch((error: unknown) => {
          toast.error(`Your rating of "${card.question}" could not be saved: ${messageOf(error, 'Request failed')}`);
          set((s) => ({ history: s.history.filter((h) => h.saved !== saved) }));
          return null;
        })
        .finally(() => set((s) => ({ pending: s.pending - 1 })));
      lastSendOf.set(card.id, saved);

      // The deck moves on at once; the answer only updates the card's schedule and the counts.
      set((s) => ({
        index: (index + 1) % cards.length,
        flipped: false,
        shownAt: Date.now(),
        pending: s.pending + 1,
        history: [...s.history, { cardId: card.id, index, saved }].slice(-HISTORY_LIMIT),
      }));
    },

    undo: async () => {
      const { history, undoing } = get();
      const last = history.at(-1);
      if (!last || undoing) return;
      set({ undoing: true, history: history.slice(0, -1) });
      try {
        // Only a rating the server has can be taken back there; a lost one just steps back.
        if (await last.saved) {
          const current = get().cards.find((c) => c.id === last.cardId);
          const restored = await undoReview(last.cardId);
          if (current) replaceCard(restored, current);
        }
        const found = get().cards.findIndex((c) => c.id === last.cardId);
        set({ index: Math.max(found, 0), flipped: false, shownAt: Date.now(), lastOutcome: null });
      } catch (error) {
        toast.error(`Could not undo: ${messageOf(error, 'Request failed')}`);
      } finally {
        set({ undoing: false });
      }
    },

    added: (card) =>
      set((s) => ({
        // At the end: the card being studied stays in front of the learner.
        cards: [...s.cards, card],
        total: s.total + 1,
        dueCount: s.dueCount + Number(isDue(card)),
      })),

    edited: (card) => set((s) => ({ cards: s.cards.map((c) => (c.id === card.id ? card : c)) })),

    removed: (cardId) =>
      set((s) => {
        const at = s.cards.findIndex((c) => c.id === cardId);
        const gone = s.cards[at];
        if (!gone) return {};
        const cards = s.cards.filter((c) => c.id !== cardId);
        // The learner stays on the card that was next; a deleted card can no longer be undone.
        const index = cards.length === 0 ? 0 : (at < s.index ? s.index - 1 : s.index) % cards.length;
        return {
          cards,
          index,
          flipped: false,
          shownAt: Date.now(),
          total: Math.max(0, s.total - 1),
          dueCount: Math.max(0, s.dueCount - Number(isDue(gone))),
          history: s.history.filter((h) => h.cardId !== cardId),
          lastOutcome: null,
        };
      }),
  };
});
