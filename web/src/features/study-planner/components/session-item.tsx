import type { TStudySession } from '@learnboost/api/contract';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { clockTime } from '../../../lib/dates';
import { useStudyPlanner } from '../study-planner-store';
import { EditSessionDialog } from './edit-session-dialog';

export function SessionItem({ session }: { session: TStudySession }) {
  const doneId = useId();
  const { setCompleted, remove } = useStudyPlanner.getState();
  return (
    <li
      className={`flex flex-col gap-1 rounded-lg border p-2.5 text-sm ${
        session.completed
          ? 'border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950'
          : 'border-indigo-200 bg-indigo-50 dark:border-indigo-800 dark:bg-indigo-950'
      }`}
    >
      <span
        className={`font-semibold break-words text-slate-900 dark:text-white ${session.completed ? 'line-through' : ''}`}
      >
        {session.title}
      </span>
      <span className="break-words text-slate-700 dark:text-slate-200">{session.subject}</span>
      <span className="text-slate-700 dark:text-slate-200">
        {clockTime.format(new Date(session.scheduledAt))} · {session.duration} min
      </span>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={doneId} className="flex items-center gap-1.5 text-xs text-slate-700 dark:text-slate-200">
          <input
            id={doneId}
            type="checkbox"
            checked={session.completed}
            onChange={(e) => void setCompleted(session.id, e.target.checked)}
            aria-label={`Done: ${session.title}`}
            className="size-4 accent-emerald-700"
          />
          Done
        </label>
        <span className="flex gap-1">
          <EditSessionDialog session={session} />
          <button
            type="button"
            onClick={() => void remove(session.id)}
            aria-label={`Delete ${session.title}`}
            title="Delete session"
            className="rounded p-1 text-slate-600 hover:bg-rose-100 hover:text-rose-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-rose-950 dark:hover:text-rose-200"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </span>
      </div>
    </li>
  );
}
