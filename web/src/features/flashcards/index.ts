export { BrowsePage } from './components/browse-page';
export { FlashcardsPage } from './components/flashcards-page';
