export { FlashcardsPage } from './components/flashcards-page';
