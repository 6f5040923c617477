import { ProgressBar } from '../../../components/ui/progress-bar';

/** The session's progress: ratings made in it, over those plus the cards still to go. */
export function DeckProgress({ reviewed, remaining }: { reviewed: number; remaining: number }) {
  const total = reviewed + remaining;
  const percent = total === 0 ? 0 : Math.round((reviewed / total) * 100);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-sm text-slate-600 dark:text-slate-300">
        <span>
          {reviewed} reviewed · {remaining} to go
        </span>
        <span>{percent}% completed</span>
      </div>
      <ProgressBar label="Session progress" value={percent} />
    </div>
  );
}
