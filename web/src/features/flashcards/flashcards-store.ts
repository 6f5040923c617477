import type { TFlashcard, TRating } from '@learnboost/api/contract';
import { toast } from 'sonner';
import { create } from 'zustand';
import { messageOf, toastFailure } from '../../lib/errors';
import { newId } from '../../lib/new-id';
import { getCardsAhead } from './api/get-cards-ahead';
import { getDeckCounts } from './api/get-deck-counts';
import { getStudyQueue } from './api/get-study-queue';
import { practiseFlashcard } from './api/practise-flashcard';
import { reviewFlashcard } from './api/review-flashcard';
import { undoReview } from './api/undo-review';
import { sideText } from './card-sides';
import { localQueue } from './offline/local-queue';
import { mergeKeptCard, readSnapshot } from './offline/offline-db';
import { rateOffline } from './offline/offline-study';
import { withdrawReview } from './offline/outbox';
import { isNetworkFailure, refreshWaiting, syncNow, useOfflineSync } from './offline/sync';
import { sendWithRetry } from './send-with-retry';
import {
  advanced,
  advancedKeeping,
  type Outcome,
  outcomeOf,
  type RatedCard,
  rejoined,
  type StudyCard,
  savedOrLost,
  startedSession,
  steppedBack,
  withCardEdited,
  withCardRemoved,
  withCardReplaced,
  withNewCards,
} from './study-session';

interface FlashcardsState {
  status: 'loading' | 'ready';
  /** The deck studied (it and the decks nested under it); null: all decks. */
  deckId: string | null;
  /** This session's cards, in study order: what was due when it began (or, ahead, what comes next). */
  cards: StudyCard[];
  /** "due": the cards due now, rated for real; "ahead": practice on upcoming cards, schedules untouched. */
  mode: 'due' | 'ahead';
  /** Cards in the whole deck and of those due now (the deck may hold more than one page). */
  total: number;
  dueCount: number;
  /** New cards a session may still start today, and the learner's daily limit (null until loaded). */
  newLeft: number;
  newCardsPerDay: number | null;
  index: number;
  /** Ratings made in this session: the progress bar counts these. */
  reviewed: number;
  /** Of those, the ones rated Again: "what was studied" at the end. */
  again: number;
  /** Every due card is done: the session shows its end and when the next card comes. */
  finished: boolean;
  /** The session ran out of cards but the server could not be asked for more: not "All done". */
  unchecked: boolean;
  nextDueAt: string | null;
  flipped: boolean;
  /** When the current card was shown, so a review can say how long the learner looked at it. */
  shownAt: number;
  lastOutcome: Outcome | null;
  history: RatedCard[];
  /** Ratings still on their way to the server; leaving the page now would lose them. */
  pending: number;
  /** The session comes from the cards kept in this browser: no network when it began. */
  offline: boolean;
  undoing: boolean;
  /** Starts a session on the deck (null: all decks); without an argument, on the deck already chosen. */
  load: (deckId?: string | null) => Promise<void>;
  flip: () => void;
  rate: (grade: TRating) => void;
  /** After a session: go through the cards not due yet, as practice. */
  studyAhead: () => Promise<void>;
  /** Asks the server again for cards due, after it could not be reached at the session's end. */
  recheck: () => Promise<void>;
  undo: () => Promise<void>;
  added: (card: TFlashcard) => void;
  edited: (card: TFlashcard) => void;
  removed: (cardId: string) => void;
}

/**
 * The study queue and the deck's counts, today's new-card limit among them (the queue knows it),
 * read together whenever the session (re)starts or grows.
 */
const queueAndCounts = (deckId: string | null) =>
  Promise.all([getStudyQueue(deckId), getDeckCounts(deckId)]).then(
    ([queue, counts]) => [queue, { ...counts, newLeft: queue.newLeft, newCardsPerDay: queue.newCardsPerDay }] as const,
  );

// Two ratings of one card (a one-card deck wraps onto itself) must reach the server in order.
const lastSendOf = new Map<string, Promise<unknown>>();
// Ratings kept in the outbox (made offline, or their answer never came): undo takes them back there.
const queuedReviews = new Set<string>();

export const useFlashcards = create<FlashcardsState>()((set, get) => {
  /** The session's copy of a card (its schedule as last heard), if the session still holds it. */
  const inSession = (cardId: string) => get().cards.find((c) => c.id === cardId);
  /** The card keeps its place (and its previews) in the session; only its schedule changes. */
  const replaceCard = (updated: TFlashcard, before: TFlashcard) => set((s) => withCardReplaced(s, updated, before));

  let loading: { deckId: string | null; done: Promise<void> } | null = null;

  /** The session from the cards kept offline; false when this browser keeps none. */
  async function loadOffline(deckId: string | null): Promise<boolean> {
    const userId = useOfflineSync.getState().userId;
    const kept = userId ? await readSnapshot(userId) : null;
    if (!kept) return false;
    const queue = localQueue(kept.cards, kept.meta, deckId, new Date());
    if (get().deckId !== deckId) return true;
    set({
      total: queue.total,
      dueCount: queue.dueCount,
      newLeft: queue.newLeft,
      newCardsPerDay: queue.newCardsPerDay,
      offline: true,
      ...startedSession('due', queue.cards),
      nextDueAt: queue.nextDueAt,
      unchecked: false,
    });
    return true;
  }

  async function loadSession(deckId: string | null) {
    set({ status: 'loading', deckId });
    try {
      if (!navigator.onLine && (await loadOffline(deckId))) return;
      // Reviews made offline go first, so the server's queue does not offer their cards again.
      const { userId, waiting } = useOfflineSync.getState();
      if (userId && waiting > 0) await syncNow(userId);
      const [queue, counts] = await queueAndCounts(deckId);
      // Another deck was chosen while this one loaded: its session wins.
      if (get().deckId !== deckId) return;
      set({
        ...counts,
        offline: false,
        ...startedSession('due', queue.cards),
        nextDueAt: queue.nextDueAt,
        unchecked: false,
      });
    } catch (error) {
      // No network: the session goes on from the cards kept in this browser.
      if (isNetworkFailure(error) && (await loadOffline(deckId).catch(() => false))) return;
      // The spec: a failed load is only logged; the screen shows its empty default.
      console.error('Could not load flashcards', error);
    } finally {
      set({ status: 'ready' });
    }
  }

  /**
   * The last card of the queue was rated. Once every rating has reached the server, the queue is
   * asked for again: a card may have fallen due meanwhile. Nothing left: the session is over.
   */
  async function continueOrFinish() {
    await savedOrLost(get().history);
    set({ unchecked: false });
    if (get().offline || !navigator.onLine) return continueOffline();
    try {
      const { deckId } = get();
      const [queue, counts] = await queueAndCounts(deckId);
      if (get().deckId !== deckId) return;
      // The server's queue is the truth now that every rating is saved: a card of this session
      // may be back (a learning step a minute away), studied now rather than waited for.
      const more = queue.cards;
      // Undone meanwhile: the learner is back on a card of this session.
      if (get().index < get().cards.length) return;
      set((s) => ({
        ...counts,
        cards: [...s.cards, ...more],
        finished: more.length === 0,
        nextDueAt: queue.nextDueAt,
        shownAt: Date.now(),
      }));
    } catch (error) {
      // Not "All done for now": more may be due. The end screen says so and offers to ask again.
      console.error('Could not read the next cards', error);
      set({ finished: true, unchecked: true });
    }
  }

  /** Offline, the next cards come from this browser's copy, as the server's queue would give them. */
  async function continueOffline() {
    const userId = useOfflineSync.getState().userId;
    const kept = userId ? await readSnapshot(userId) : null;
    if (get().index < get().cards.length) return;
    const queue = kept ? localQueue(kept.cards, kept.meta, get().deckId, new Date()) : null;
    const more = queue?.cards ?? [];
    set((s) => ({
      cards: [...s.cards, ...more],
      finished: more.length === 0,
      nextDueAt: queue?.nextDueAt ?? null,
      dueCount: queue?.dueCount ?? s.dueCount,
      shownAt: Date.now(),
    }));
  }

  /**
   * The network is back mid-session: the outbox is sent, and the session goes on from the server
   * (its ratings online, its next cards from the server's queue), keeping the cards rated so far,
   * the progress and what undo can take back. The card on screen stays; the ones after it are
   * the server's queue now (it knows what another device studied, and cards added meanwhile).
   */
  async function backOnline() {
    const userId = useOfflineSync.getState().userId;
    const { offline, finished, mode, deckId } = get();
    if (!userId || mode !== 'due' || (!offline && !finished)) return;
    // From here a rating goes to the server (one whose answer fails still waits in the outbox), so
    // no rating made while the outbox is on its way can be left behind in it.
    set({ offline: false });
    const stayOffline = () => offline && set({ offline: true });
    try {
      // The ratings still being written to the outbox go with it; a second round takes one
      // written while the first was on its way.
      for (let round = 0; round < 2; round++) {
        await savedOrLost(get().history);
        await syncNow(userId);
      }
      // The server did not take the outbox (unreachable after all): the session goes on from this copy.
      if ((await refreshWaiting(userId)) > 0 || !navigator.onLine) return stayOffline();
      const [queue, counts] = await queueAndCounts(deckId);
      if (get().deckId !== deckId || get().mode !== 'due') return;
      set((s) => ({ ...counts, ...rejoined(s, queue) }));
    } catch (error) {
      if (!isNetworkFailure(error)) console.error('Could not go back online', error);
      stayOffline();
    }
  }

  useOfflineSync.subscribe((state, previous) => {
    if (state.online && !previous.online) void backOnline();
  });

  /**
   * Keeps a rating in the outbox and moves its card on here. Null: the card is not kept offline.
   * The review keeps its id: if the server did record it (only its answer was lost), the sync
   * answers duplicate and nothing is counted twice.
   */
  async function keepOffline(card: StudyCard, review: { id: string; rating: TRating; at: Date; durationMs: number }) {
    const userId = useOfflineSync.getState().userId;
    if (!userId) return null;
    const { id, rating, at, durationMs } = review;
    const after = await rateOffline(userId, { id, cardId: card.id, rating, reviewedAt: at, durationMs });
    if (!after) return null;
    queuedReviews.add(id);
    replaceCard(after, inSession(card.id) ?? card);
    set({ lastOutcome: outcomeOf(card, after) });
    return after;
  }

  /**
   * The session moves on at once from the card just rated, keeping the rating undo can take back
   * (`sending`: 1 while its answer is awaited); past the last card, it asks for more or finishes.
   */
  function moveOn(rated: RatedCard, cardCount: number, sending: 0 | 1) {
    set((s) => ({ ...advancedKeeping(s, rated), pending: s.pending + sending }));
    if (rated.index + 1 >= cardCount) void continueOrFinish();
  }

  return {
    status: 'loading',
    offline: false,
    deckId: null,
    mode: 'due',
    cards: [],
    total: 0,
    dueCount: 0,
    newLeft: 0,
    newCardsPerDay: null,
    index: 0,
    reviewed: 0,
    again: 0,
    finished: false,
    unchecked: false,
    nextDueAt: null,
    flipped: false,
    shownAt: Date.now(),
    lastOutcome: null,
    history: [],
    pending: 0,
    undoing: false,

    load: (deckId = get().deckId) => {
      // The screen may ask twice as it mounts; one answer serves both, so a second reply can
      // never reset a session the learner has already started rating.
      if (loading?.deckId === deckId) return loading.done;
      const done = loadSession(deckId).finally(() => {
        if (loading?.done === done) loading = null;
      });
      loading = { deckId, done };
      return done;
    },

    flip: () => set((s) => ({ flipped: !s.flipped })),

    recheck: () => continueOrFinish(),

    studyAhead: async () => {
      try {
        const ahead = await getCardsAhead(get().deckId);
        if (ahead.length === 0) return void toast.info('Nothing is scheduled ahead yet');
        set(startedSession('ahead', ahead));
      } catch (error) {
        toastFailure('Could not load the cards ahead', error);
      }
    },

    rate: (grade) => {
      const { cards, index, flipped, shownAt, mode } = get();
      const card = cards[index];
      if (!card || !flipped) return;
      // The review's own id: a retry after a lost answer is recognised and recorded once, and undo names it.
      const reviewId = newId();
      const ratedAt = new Date();
      const body = { rating: grade, durationMs: Math.max(0, ratedAt.getTime() - shownAt), reviewId };
      const kept = { id: reviewId, rating: grade, at: ratedAt, durationMs: body.durationMs };
      if (mode === 'ahead') {
        // Practice: nothing to undo and no schedule to show; a lost answer costs only its minutes.
        void sendWithRetry(() => practiseFlashcard(card.id, body)).catch((error: unknown) =>
          console.error('Practice not recorded', error),
        );
        set((s) => ({ ...advanced(s, index, grade), finished: index + 1 >= cards.length }));
        return;
      }
      if (get().offline || !navigator.onLine) {
        const saved = keepOffline(card, kept).then((after) => {
          if (!after) toast.error(`Your rating of "${sideText(card, 'question')}" could not be kept offline`);
          return null;
        });
        return moveOn({ cardId: card.id, reviewId, index, grade, saved }, cards.length, 0);
      }
      const previous = lastSendOf.get(card.id) ?? Promise.resolve();
      const saved = previous
        .catch(() => undefined)
        .then(() => sendWithRetry(() => reviewFlashcard(card.id, body)))
        .then((updated) => {
          replaceCard(updated, inSession(card.id) ?? card);
          // The copy kept offline follows, so an offline session does not show the card again.
          const userId = useOfflineSync.getState().userId;
          if (userId) void mergeKeptCard(userId, updated).catch(() => undefined);
          set({ lastOutcome: outcomeOf(card, updated) });
          return updated;
        })
        .catch(async (error: unknown) => {
          // The network went away (or the answer was lost): the rating waits in the outbox instead.
          if (isNetworkFailure(error) && (await keepOffline(card, kept).catch(() => null))) return null;
          toast.error(
            `Your rating of "${sideText(card, 'question')}" could not be saved: ${messageOf(error, 'Request failed')}`,
          );
          set((s) => ({ history: s.history.filter((h) => h.saved !== saved) }));
          return null;
        })
        .finally(() => set((s) => ({ pending: s.pending - 1 })));
      lastSendOf.set(card.id, saved);
      // The answer only updates the card's schedule and the counts.
      moveOn({ cardId: card.id, reviewId, index, grade, saved }, cards.length, 1);
    },

    undo: async () => {
      const { history, undoing } = get();
      const last = history.at(-1);
      if (!last || undoing) return;
      set({ undoing: true, history: history.slice(0, -1) });
      try {
        const saved = await last.saved;
        const userId = useOfflineSync.getState().userId;
        const queued = queuedReviews.has(last.reviewId);
        // Still in the outbox: taken back here, and never sent.
        const withdrawn = queued && userId ? await withdrawReview(userId, last.reviewId) : null;
        if (withdrawn && userId) {
          const current = inSession(last.cardId);
          if (current) replaceCard(withdrawn, current);
          await refreshWaiting(userId);
        } else if (queued || saved) {
          // Only a rating the server has can be taken back there; a lost one just steps back.
          const current = inSession(last.cardId);
          const restored = await undoReview(last.cardId, last.reviewId);
          if (current) replaceCard(restored, current);
        }
        set((s) => steppedBack(s, last));
      } catch (error) {
        toastFailure('Could not undo', error);
      } finally {
        set({ undoing: false });
      }
    },

    added: () => {
      // A new card joins the session through the server's queue (it knows today's new-card limit,
      // and whether the card's deck is the one studied).
      if (get().finished) return void get().load();
      const { deckId } = get();
      void queueAndCounts(deckId)
        .then(([queue, counts]) => {
          if (get().deckId !== deckId) return;
          set((s) => ({ ...counts, ...withNewCards(s, queue.cards) }));
        })
        .catch((error: unknown) => console.error('Could not add the card to the session', error));
    },

    edited: (card) => set((s) => withCardEdited(s, card)),

    removed: (cardId) => set((s) => withCardRemoved(s, cardId)),
  };
});
