export { BrowsePage } from './components/browse-page';
export { FlashcardsPage } from './components/flashcards-page';

import { useFlashcards } from './flashcards-store';

/** Loads the deck again, after cards arrived from elsewhere (an Anki import). */
export const reloadFlashcards = () => useFlashcards.getState().load();
