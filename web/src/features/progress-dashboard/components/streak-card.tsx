import { Flame } from 'lucide-react';
import { useOverview } from '../overview-store';
import { Card, muted } from './card';

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

export function StreakCard() {
  const streak = useOverview((s) => s.overview?.streak);
  return (
    <Card id="streak-title" title="Study Streak" Icon={Flame} iconColour="text-orange-600 dark:text-orange-300">
      {!streak || streak.longest === 0 ? (
        <p className={muted}>No streak yet. Study today to start one.</p>
      ) : (
        <p className="text-slate-800 dark:text-slate-100">
          <span className="text-2xl font-bold">{days(streak.current)}</span> in a row · longest {days(streak.longest)}
        </p>
      )}
      <p className={`${muted} mt-2`}>A day with nothing due and nothing planned doesn’t break your streak.</p>
    </Card>
  );
}
