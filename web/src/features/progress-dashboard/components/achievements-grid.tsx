import { Award, Lock } from 'lucide-react';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { dayMonthYear } from '../../../lib/dates';
import { useOverview } from '../overview-store';
import { Card, muted } from './card';

const on = dayMonthYear;

export function AchievementsGrid() {
  const achievements = useOverview((s) => s.overview)?.achievements ?? [];
  return (
    <Card id="achievements-title" title="Achievements" Icon={Award}>
      {achievements.length === 0 ? (
        <p className={muted}>Achievements will show here.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {achievements.map((a) => (
            <li
              key={a.id}
              data-earned={a.earned}
              className={`rounded-xl border p-3 ${a.earned ? 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40' : 'border-slate-200 dark:border-slate-700'}`}
            >
              <p className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
                {a.earned ? (
                  <Award aria-hidden="true" className="size-4 text-amber-600 dark:text-amber-300" />
                ) : (
                  <Lock aria-hidden="true" className="size-4 text-slate-500 dark:text-slate-400" />
                )}
                {a.title}
                <span className="sr-only">{a.earned ? '(earned)' : '(locked)'}</span>
              </p>
              <p className={muted}>{a.description}</p>
              {a.earned && a.earnedAt ? (
                <p className="mt-1 text-xs text-amber-800 dark:text-amber-200">
                  Earned {on.format(new Date(a.earnedAt))}
                </p>
              ) : (
                <ProgressBar label={`${a.title} progress`} value={a.progress} className="mt-2 h-1.5" />
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
