export { DeckPicker } from './components/deck-picker';
export { useDecks } from './decks-store';
