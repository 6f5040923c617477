import { ComingSoon } from '../../../components/coming-soon';

export function FlashcardsPage() {
  return (
    <ComingSoon
      title="Flashcards"
      sentence="Flashcards are coming soon: you will create your own cards, flip them and rate what you remembered."
    />
  );
}
