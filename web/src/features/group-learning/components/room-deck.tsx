import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useGroupLearning } from '../group-learning-store';
import { RoomCardText } from './room-card-text';

/** The room's shared deck: Flip toggles; Remembered and Review Again (once flipped) move on and wrap. */
export function RoomDeck() {
  const card = useGroupLearning((s) => s.cards[s.index]);
  const count = useGroupLearning((s) => s.cards.length);
  const index = useGroupLearning((s) => s.index);
  const flipped = useGroupLearning((s) => s.flipped);
  const { flip, next } = useGroupLearning.getState();

  if (!card) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">No cards yet. Add the first question below.</p>;
  }
  const progress = Math.round(((index + 1) / count) * 100);
  return (
    <section aria-label="Room flashcards" className="flex flex-col gap-3">
      <button
        type="button"
        onClick={flip}
        className="min-h-32 rounded-xl border border-slate-200 bg-slate-50 p-6 text-center text-lg text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-800 dark:text-white"
      >
        <span className="sr-only">{flipped ? 'Answer: ' : 'Question: '}</span>
        <RoomCardText card={card} side={flipped ? 'answer' : 'question'} />
      </button>
      <div className="flex flex-wrap gap-2">
        <Button variant="ghost" onClick={flip}>
          Flip
        </Button>
        <Button onClick={next} disabled={!flipped}>
          Remembered
        </Button>
        <Button variant="ghost" onClick={next} disabled={!flipped}>
          Review Again
        </Button>
      </div>
      <div className="flex items-center gap-3">
        <ProgressBar label="Room deck progress" value={progress} className="flex-1" />
        <span className="text-sm text-slate-700 dark:text-slate-200">
          Card {index + 1} of {count}
        </span>
      </div>
    </section>
  );
}
