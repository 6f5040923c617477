import { Sparkles } from 'lucide-react';
import { useOverview } from '../overview-store';
import { Card, muted } from './card';

/** The spec shows at most three insights on home. */
const SHOWN = 3;

export function CoachCard() {
  const coach = useOverview((s) => s.coach);
  return (
    <Card id="coach-title" title="AI Motivation Coach" Icon={Sparkles}>
      <p className="text-slate-800 dark:text-slate-100">{coach?.message || 'Keep up the great work!'}</p>
      {coach && coach.insights.length > 0 && (
        <dl className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-3">
          {coach.insights.slice(0, SHOWN).map((insight) => (
            <div key={insight.metric} className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800">
              <dt className={muted}>{insight.metric}</dt>
              <dd className="mt-1 font-semibold text-slate-900 dark:text-white">{insight.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
