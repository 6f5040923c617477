import { Target } from 'lucide-react';
import { useOverview } from '../overview-store';
import { Card, muted } from './card';
import { GoalRing } from './goal-ring';

export function WeeklyGoalCard() {
  const overview = useOverview((s) => s.overview);
  const loaded = useOverview((s) => s.loaded);
  return (
    <Card id="weekly-goal-title" title="Weekly Goal" Icon={Target}>
      <div className="flex items-center gap-5">
        <GoalRing percent={overview?.weeklyProgress ?? 0} size={120} label="Weekly goal reached" />
        <p className={muted}>
          {!loaded
            ? 'Loading...'
            : overview
              ? `${overview.weeklyMinutes} of ${overview.weeklyGoalMinutes} min studied this week`
              : 'Your weekly progress will show here.'}
        </p>
      </div>
    </Card>
  );
}
