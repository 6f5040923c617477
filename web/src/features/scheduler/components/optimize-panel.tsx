import type { TOptimizeResult, TSchedulerState } from '@learnboost/api/contract';
import { useEffect, useState } from 'react';
import { DownloadButton } from '../../../components/download-button';
import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { dayMonthYear } from '../../../lib/dates';
import { messageOf, toastFailure } from '../../../lib/errors';
import { downloadRevlog, getOptimizeJob, resetScheduler, setAutoOptimize, startOptimize } from '../api/scheduler';

const muted = 'text-sm text-slate-600 dark:text-slate-300';

/** The result in plain words: how much better the fitted schedule predicts the learner's reviews. */
export function resultSentence(result: TOptimizeResult): string {
  if (!result.kept) return 'Your schedule already fits you.';
  const gain = result.rmseBefore > 0 ? (result.rmseBefore - result.rmseAfter) / result.rmseBefore : 0;
  return `Your schedule now predicts your memory ${Math.max(1, Math.round(gain * 100))}% better.`;
}

/** "Optimize my schedule", its progress and result; the parameters in use, and the review log. */
export function OptimizePanel({ state, onChange }: { state: TSchedulerState; onChange: () => void }) {
  const [jobId, setJobId] = useState<string | null>(state.activeJobId);
  const [progress, setProgress] = useState(0);
  const [outcome, setOutcome] = useState<string | null>(null);
  useEffect(() => {
    if (state.activeJobId) setJobId(state.activeJobId);
  }, [state.activeJobId]);

  useEffect(() => {
    if (!jobId) return;
    let stopped = false;
    const poll = async () => {
      try {
        const job = await getOptimizeJob(jobId);
        if (stopped) return;
        setProgress(job.progress);
        if (job.status === 'running') return void setTimeout(poll, 500);
        setJobId(null);
        setOutcome(job.result ? resultSentence(job.result) : (job.error ?? 'The optimisation failed; try again'));
        onChange();
      } catch (error) {
        if (!stopped) setOutcome(messageOf(error, 'The optimisation could not be followed'));
        setJobId(null);
      }
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [jobId, onChange]);

  async function optimize() {
    setOutcome(null);
    setProgress(0);
    try {
      setJobId((await startOptimize()).jobId);
    } catch (error) {
      setOutcome(messageOf(error, 'The optimisation could not start'));
    }
  }

  async function reset() {
    try {
      await resetScheduler();
      setOutcome('Back to the default parameters.');
      onChange();
    } catch (error) {
      toastFailure('The parameters could not be reset', error);
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={optimize} disabled={jobId !== null}>
          Optimize my schedule
        </Button>
        {state.fitted && (
          <Button variant="ghost" onClick={reset} disabled={jobId !== null}>
            Go back to the defaults
          </Button>
        )}
        <DownloadButton label="Review log (CSV)" fileName="revlog.csv" fetchFile={downloadRevlog} />
      </div>
      {jobId !== null && <ProgressBar label="Optimizing your schedule" value={progress * 100} />}
      {outcome && (
        <p role="status" className="text-sm font-medium text-slate-900 dark:text-white">
          {outcome}
        </p>
      )}
      <p className={muted}>
        {state.fitted && state.fittedAt
          ? `Parameters in use: fitted to your reviews on ${dayMonthYear.format(new Date(state.fittedAt))}.`
          : 'Parameters in use: FSRS’s defaults.'}
      </p>
      <details className={muted}>
        <summary className="cursor-pointer">The 21 FSRS parameters</summary>
        <p className="mt-1 font-mono text-xs break-words">{state.parameters.join(', ')}</p>
      </details>
      <label className={`${muted} flex items-center gap-2`}>
        <input
          type="checkbox"
          checked={state.autoOptimize}
          onChange={async (e) => {
            try {
              await setAutoOptimize(e.target.checked);
              onChange();
            } catch (error) {
              toastFailure('The setting could not be saved', error);
            }
          }}
        />
        Optimize again by itself after every 1,000 reviews
      </label>
    </div>
  );
}
