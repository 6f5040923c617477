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
      <div
        role="progressbar"
        aria-label="Deck progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
