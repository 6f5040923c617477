import { useEffect } from 'react';
import { DeckPicker, useDecks } from '../../features/decks';
import { BrowsePage, FlashcardsPage } from '../../features/flashcards';

/** The decks (their feature) read once the screen opens, and handed to the flashcards screens. */
function useDeckChoice() {
  const decks = useDecks((s) => s.decks);
  const deckId = useDecks((s) => s.chosen);
  const { load } = useDecks.getState();
  useEffect(() => void load(), [load]);
  return { decks, deckId, cardsChanged: () => void load() };
}

export function FlashcardsRoute() {
  return <FlashcardsPage {...useDeckChoice()} deckPicker={<DeckPicker />} />;
}

export function BrowseRoute() {
  return <BrowsePage {...useDeckChoice()} />;
}
