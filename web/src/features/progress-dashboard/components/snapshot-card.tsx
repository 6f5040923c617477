import { CalendarCheck } from 'lucide-react';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useOverview } from '../overview-store';
import { Card, muted } from './card';

function Change({ percent }: { percent: number | null }) {
  if (percent === null) return null;
  const sign = percent > 0 ? '+' : '';
  const tone = percent >= 0 ? 'text-emerald-700 dark:text-emerald-300' : 'text-rose-700 dark:text-rose-300';
  return <span className={`ml-2 text-sm font-medium ${tone}`}>{`${sign}${percent}% vs this time yesterday`}</span>;
}

export function SnapshotCard() {
  const overview = useOverview((s) => s.overview);
  const loaded = useOverview((s) => s.loaded);
  const today = overview?.today;
  const studied = today && (today.studyMinutes > 0 || today.cardsReviewed > 0 || today.testsTaken > 0);
  return (
    <Card id="snapshot-title" title="Today's Snapshot" Icon={CalendarCheck}>
      {!loaded ? (
        <p className={muted}>Loading...</p>
      ) : !today || !studied ? (
        // A new day (or a new learner) has nothing to show yet: say so instead of a row of zeros.
        <p className={muted}>
          Nothing studied yet today. Review a few flashcards, take a test or complete a session to see your figures
          here.
        </p>
      ) : (
        <dl className="grid grid-cols-2 gap-3">
          <div>
            <dt className={muted}>Study time</dt>
            <dd className="text-2xl font-bold text-slate-900 dark:text-white">
              {today.studyMinutes} min
              <Change percent={today.vsYesterday.studyMinutes} />
            </dd>
          </div>
          <div>
            <dt className={muted}>Flashcards reviewed</dt>
            <dd className="text-2xl font-bold text-slate-900 dark:text-white">
              {today.cardsReviewed}
              <Change percent={today.vsYesterday.cardsReviewed} />
            </dd>
          </div>
          {today.testsTaken > 0 && (
            <div>
              <dt className={muted}>Tests taken</dt>
              <dd className="text-2xl font-bold text-slate-900 dark:text-white">{today.testsTaken}</dd>
            </div>
          )}
        </dl>
      )}
      {overview && (
        <div className="mt-4">
          <div className="mb-1 flex justify-between text-sm text-slate-600 dark:text-slate-300">
            <span>Weekly goal</span>
            <span>{overview.weeklyProgress}%</span>
          </div>
          <ProgressBar label="Weekly goal" value={overview.weeklyProgress} />
        </div>
      )}
    </Card>
  );
}
