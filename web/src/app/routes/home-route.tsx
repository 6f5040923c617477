import { useEffect } from 'react';
import { useAuth } from '../../features/auth';
import { HomePage, RemindersCard } from '../../features/home';
import {
  CoachCard,
  Quote,
  RecentActivityCard,
  SnapshotCard,
  useOverview,
  WeeklyGoalCard,
} from '../../features/progress-dashboard';

/** Home reads the dashboard, the coach and the reminders on load, each card from the learner's own data. */
export function HomeRoute() {
  const username = useAuth((s) => s.user?.username ?? 'Guest');
  useEffect(() => void useOverview.getState().load(), []);
  return (
    <HomePage username={username} quote={<Quote fallback="Consistency beats perfection." />}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <WeeklyGoalCard />
        <CoachCard />
        <RemindersCard />
        <SnapshotCard />
        <div className="lg:col-span-2">
          <RecentActivityCard />
        </div>
      </div>
    </HomePage>
  );
}
