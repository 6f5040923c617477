import { RotateCcw, Undo2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { sideText } from '../card-sides';
import { previewWait } from '../comes-back';
import { useFlashcards } from '../flashcards-store';
import { RATING_NAMES } from '../rating-names';
import { CardContent } from './card-content';
import { DeckProgress } from './deck-progress';
import { DeleteFlashcardDialog } from './delete-flashcard-dialog';
import { EditFlashcardDialog } from './edit-flashcard-dialog';
import { SessionEnd } from './session-end';
import { STUDY_BUTTON } from './study-button';
import { useDeckKeyboard } from './use-deck-keyboard';
import { VoiceButton } from './voice-button';

/** All four FSRS ratings, as Anki shows them. */
const RATE_BUTTONS = [
  {
    label: RATING_NAMES[1],
    grade: 1,
    preview: 'again',
    className: 'bg-rose-700 hover:bg-rose-800 active:bg-rose-900',
  },
  {
    label: RATING_NAMES[2],
    grade: 2,
    preview: 'hard',
    className: 'bg-amber-800 hover:bg-amber-900 active:bg-amber-950',
  },
  {
    label: RATING_NAMES[3],
    grade: 3,
    preview: 'good',
    className: 'bg-emerald-700 hover:bg-emerald-800 active:bg-emerald-900',
  },
  {
    label: RATING_NAMES[4],
    grade: 4,
    preview: 'easy',
    className: 'bg-sky-800 hover:bg-sky-900 active:bg-sky-950',
  },
] as const;

/** A rating button, with when the card would come back under its name (as Anki shows it). */
function RateButton({
  label,
  wait,
  onRate,
  disabled,
  keys,
  className,
}: {
  label: string;
  /** When the card would come back; none while studying ahead (the schedule does not move). */
  wait: string | undefined;
  onRate: () => void;
  disabled: boolean;
  keys: string;
  className: string;
}) {
  const waitId = useId();
  return (
    <>
      <Button
        onClick={onRate}
        disabled={disabled}
        aria-keyshortcuts={keys}
        aria-describedby={wait ? waitId : undefined}
        className={`${STUDY_BUTTON} flex-col gap-0 leading-tight ${className}`}
      >
        <span>{label}</span>
        {/* Seen under the name; heard as the button's description, so its name stays the label. */}
        {wait && (
          <span aria-hidden="true" className="text-xs font-normal opacity-90">
            {wait}
          </span>
        )}
      </Button>
      {wait && (
        <span id={waitId} className="sr-only">
          back in {wait}
        </span>
      )}
    </>
  );
}

function UndoButton({ disabled, onUndo }: { disabled: boolean; onUndo: () => void }) {
  return (
    <Button
      variant="ghost"
      onClick={onUndo}
      disabled={disabled}
      aria-keyshortcuts="Control+Z Meta+Z"
      className={STUDY_BUTTON}
    >
      <Undo2 aria-hidden="true" className="size-4" />
      Undo
    </Button>
  );
}

export function FlashcardDeck() {
  const card = useFlashcards((s) => s.cards[s.index]);
  const remaining = useFlashcards((s) => s.cards.length - s.index);
  const reviewed = useFlashcards((s) => s.reviewed);
  const finished = useFlashcards((s) => s.finished);
  const total = useFlashcards((s) => s.total);
  const ahead = useFlashcards((s) => s.mode === 'ahead');
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
  if (!card && total > 0) {
    // Rated the last card: the screen waits for the server's word on what comes next.
    return finished ? (
      <>
        <SessionEnd />
        <UndoButton disabled={!canUndo} onUndo={() => void undo()} />
      </>
    ) : (
      <p className="text-slate-600 dark:text-slate-300">Looking for the next cards...</p>
    );
  }
  if (!card) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
        No flashcards yet. Create your first one!
      </p>
    );
  }

  const side = flipped ? 'answer' : 'question';
  return (
    <section aria-label="Study deck" className="flex flex-col gap-5">
      {ahead && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          Studying ahead: practice only. These cards keep the schedule they have; the time counts as study.
        </p>
      )}
      <DeckProgress reviewed={reviewed} remaining={remaining} />
      <button
        type="button"
        onClick={flip}
        className="flex min-h-48 flex-col items-center justify-center gap-3 rounded-2xl border border-slate-200 bg-white p-6 text-center sm:min-h-64 sm:p-8 shadow-sm transition hover:border-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-indigo-700"
      >
        {flipped && card.kind === 'basic' && (
          // The question stays above its answer, so the learner can check one against the other
          // (a cloze card's answer is its question with the deletion revealed).
          <CardContent
            card={card}
            side="question"
            testId="card-question"
            className="text-base text-slate-600 dark:text-slate-300"
          />
        )}
        <span className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
          {flipped ? 'Answer' : 'Question'}
        </span>
        <CardContent
          card={card}
          side={side}
          testId="card-text"
          className="text-xl font-medium text-slate-900 dark:text-white"
        />
        <span className="text-xs text-slate-500 dark:text-slate-400">Click or press Space to flip</span>
      </button>

      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={flip} className={STUDY_BUTTON}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Flip
        </Button>
        {RATE_BUTTONS.map(({ label, grade, preview, className }) => (
          <RateButton
            key={grade}
            label={label}
            wait={card.previews && previewWait(card.previews[preview], card.previews.at)}
            onRate={() => rate(grade)}
            disabled={!flipped}
            keys={String(grade)}
            className={className}
          />
        ))}
        <VoiceButton text={sideText(card, side)} />
        <UndoButton disabled={!canUndo} onUndo={() => void undo()} />
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
      {/* Key hints only where there are keys: hidden on a touch screen (a coarse pointer). */}
      <p className="text-xs text-slate-600 pointer-coarse:hidden dark:text-slate-300">
        {`Keys: Space flips · ${RATE_BUTTONS.map(({ grade, label, preview }) => {
          const previews = card.previews;
          return `${grade} ${label}${previews ? ` (${previewWait(previews[preview], previews.at)})` : ''}`;
        }).join(' · ')}${card.previews ? ' · Ctrl+Z undo' : ''}`}
      </p>
    </section>
  );
}
