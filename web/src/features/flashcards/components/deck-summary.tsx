import { useFlashcards } from '../flashcards-store';

export function DeckSummary() {
  const total = useFlashcards((s) => s.total);
  const dueCount = useFlashcards((s) => s.dueCount);
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="deck-summary">
      {total} {total === 1 ? 'card' : 'cards'} · {dueCount} due now
    </p>
  );
}
