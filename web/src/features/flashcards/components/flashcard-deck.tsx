import { RotateCcw, Undo2 } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { useFlashcards } from '../flashcards-store';
import { DeckProgress } from './deck-progress';
import { DeleteFlashcardDialog } from './delete-flashcard-dialog';
import { EditFlashcardDialog } from './edit-flashcard-dialog';
import { useDeckKeyboard } from './use-deck-keyboard';
import { VoiceButton } from './voice-button';

export function FlashcardDeck() {
  const card = useFlashcards((s) => s.cards[s.index]);
  const index = useFlashcards((s) => s.index);
  const count = useFlashcards((s) => s.cards.length);
  const flipped = useFlashcards((s) => s.flipped);
  const status = useFlashcards((s) => s.status);
  const outcome = useFlashcards((s) => s.lastOutcome);
  const canUndo = useFlashcards((s) => s.history.length > 0 && !s.undoing);
  const pending = useFlashcards((s) => s.pending);
  const { flip, rate, undo } = useFlashcards.getState();
  useDeckKeyboard();

  // A rating still being sent would be lost with the page; the browser asks before leaving.
  useEffect(() => {
    if (pending === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending]);

  if (status === 'loading' && !card) {
    return <p className="text-slate-600 dark:text-slate-300">Loading flashcards...</p>;
  }
  if (!card) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
        No flashcards yet. Create your first one!
      </p>
    );
  }

  const side = flipped ? card.answer : card.question;
  return (
    <section aria-label="Study deck" className="flex flex-col gap-5">
      <DeckProgress index={index} count={count} />
      <button
        type="button"
        onClick={flip}
        className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm transition hover:border-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-indigo-700"
      >
        {flipped && (
          // The question stays above its answer, so the learner can check one against the other.
          <span
            data-testid="card-question"
            className="text-base whitespace-pre-wrap text-slate-600 dark:text-slate-300"
          >
            {card.question}
          </span>
        )}
        <span className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
          {flipped ? 'Answer' : 'Question'}
        </span>
        <span
          data-testid="card-text"
          className="text-xl font-medium whitespace-pre-wrap text-slate-900 dark:text-white"
        >
          {side}
        </span>
        <span className="text-xs text-slate-500 dark:text-slate-400">Click or press Space to flip</span>
      </button>

      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" onClick={flip} className="border border-slate-300 dark:border-slate-600">
          <RotateCcw aria-hidden="true" className="size-4" />
          Flip
        </Button>
        <Button
          onClick={() => rate(false)}
          disabled={!flipped}
          aria-keyshortcuts="1"
          className="bg-rose-700 hover:bg-rose-800 active:bg-rose-900"
        >
          Review Again
        </Button>
        <Button
          onClick={() => rate(true)}
          disabled={!flipped}
          aria-keyshortcuts="2"
          className="bg-emerald-700 hover:bg-emerald-800 active:bg-emerald-900"
        >
          Remembered
        </Button>
        <VoiceButton text={side} />
        <Button variant="ghost" onClick={() => void undo()} disabled={!canUndo} aria-keyshortcuts="Control+Z Meta+Z">
          <Undo2 aria-hidden="true" className="size-4" />
          Undo
        </Button>
        <div className="ml-auto flex gap-1">
          <EditFlashcardDialog card={card} />
          <DeleteFlashcardDialog card={card} />
        </div>
      </div>

      <p aria-live="polite" className="min-h-6 text-sm text-slate-700 dark:text-slate-200">
        {outcome && (
          <>
            “{outcome.question}” comes back {outcome.phrase}.
          </>
        )}
      </p>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Keys: Space flips · 1 Review Again · 2 Remembered · Ctrl+Z undo
      </p>
    </section>
  );
}
