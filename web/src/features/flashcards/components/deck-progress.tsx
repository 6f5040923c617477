import { ProgressBar } from '../../../components/ui/progress-bar';

/** "(index+1)/count" as the spec counts it: the card in front of the learner counts as done. */
export function DeckProgress({ index, count }: { index: number; count: number }) {
  const percent = count === 0 ? 0 : Math.round(((index + 1) / count) * 100);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-sm text-slate-600 dark:text-slate-300">
        <span>
          Card {index + 1} of {count}
        </span>
        <span>{percent}% completed</span>
      </div>
      <ProgressBar label="Deck progress" value={percent} />
    </div>
  );
}
