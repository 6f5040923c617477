import type { TDeckSummary } from '@learnboost/api/contract';
import { create } from 'zustand';
import { createDeck } from './api/create-deck';
import { type DeckCardsFate, deleteDeck } from './api/delete-deck';
import { getDecks } from './api/get-decks';
import { renameDeck } from './api/rename-deck';
import { readChosenDeck, saveChosenDeck } from './deck-storage';

interface DecksState {
  status: 'loading' | 'ready';
  decks: TDeckSummary[];
  /** The deck studied and listed; null: "All decks". Remembered across visits. */
  chosen: string | null;
  /** Reads the decks and their counts again (after cards are added, moved, studied). */
  load: () => Promise<void>;
  choose: (deckId: string | null) => void;
  create: (name: string) => Promise<TDeckSummary>;
  rename: (deckId: string, name: string) => Promise<void>;
  remove: (deckId: string, fate: DeckCardsFate) => Promise<void>;
}

export const useDecks = create<DecksState>()((set, get) => ({
  status: 'loading',
  decks: [],
  chosen: readChosenDeck(),

  load: async () => {
    try {
      const decks = await getDecks();
      // A remembered deck deleted meanwhile (here or in another tab) falls back to all decks.
      const chosen = get().chosen;
      if (chosen && !decks.some((d) => d.id === chosen)) get().choose(null);
      set({ decks });
    } catch (error) {
      // As the spec says of flashcard loads: logged, and the screen keeps its default.
      console.error('Could not load decks', error);
    } finally {
      set({ status: 'ready' });
    }
  },

  choose: (deckId) => {
    saveChosenDeck(deckId);
    set({ chosen: deckId });
  },

  create: async (name) => {
    const deck = await createDeck({ name });
    await get().load();
    return deck;
  },

  rename: async (deckId, name) => {
    await renameDeck(deckId, { name });
    await get().load();
  },

  remove: async (deckId, fate) => {
    await deleteDeck(deckId, fate);
    if (get().chosen === deckId) get().choose(null);
    await get().load();
  },
}));
