import type { TSchedulerState } from '@learnboost/api/contract';
import { CalendarClock } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../../../lib/errors';
import { getScheduler } from '../api/scheduler';
import { OptimizePanel } from './optimize-panel';
import { RetentionForecast } from './retention-forecast';

/** The Progress Dashboard's Scheduler section: how much to retain, what it costs, and the fit. */
export function SchedulerSection() {
  const [state, setState] = useState<TSchedulerState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    getScheduler()
      .then(setState)
      .catch((e) => setError(messageOf(e, 'The scheduler could not be read')));
  }, []);
  useEffect(load, [load]);

  return (
    <section
      aria-labelledby="scheduler-title"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="scheduler-title"
        className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white"
      >
        <CalendarClock aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-300" />
        Scheduler
      </h2>
      {error && <p className="text-sm text-red-600">{error}</p>}
      {state && (
        <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
          <RetentionForecast
            saved={state.desiredRetention}
            onSaved={(desiredRetention) => setState({ ...state, desiredRetention })}
          />
          <OptimizePanel state={state} onChange={load} />
        </div>
      )}
    </section>
  );
}
