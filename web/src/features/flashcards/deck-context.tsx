import type { TDeckSummary } from '@learnboost/api/contract';
import { createContext, useContext } from 'react';

/**
 * The learner's decks, as app/ hands them to this feature (features never import each other):
 * the deck chosen on the Flashcards screen, every deck for the deck selects, and a way to say
 * that cards changed so the deck counts are read again.
 */
export interface DeckChoice {
  decks: TDeckSummary[];
  /** null: "All decks". */
  deckId: string | null;
  cardsChanged: () => void;
}

export const DeckChoiceContext = createContext<DeckChoice>({ decks: [], deckId: null, cardsChanged: () => {} });

export const useDeckChoice = () => useContext(DeckChoiceContext);
