import { cn } from '../../lib/cn';

/** A labelled progress bar (0–100) that screen readers announce with its value. */
export function ProgressBar({ label, value, className }: { label: string; value: number; className?: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn('h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700', className)}
    >
      <div
        className="h-full rounded-full bg-indigo-600 transition-all dark:bg-indigo-400"
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
