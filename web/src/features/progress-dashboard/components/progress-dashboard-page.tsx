import { Target } from 'lucide-react';
import { useEffect } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useOverview } from '../overview-store';
import { AchievementsGrid } from './achievements-grid';
import { ActivityHeatmap } from './activity-heatmap';
import { Card, muted } from './card';
import { GoalRing } from './goal-ring';
import { Quote } from './quote';
import { StreakCard } from './streak-card';
import { TopicsChart } from './topics-chart';
import { WeeklyGoalForm } from './weekly-goal-form';

export function ProgressDashboardPage() {
  const overview = useOverview((s) => s.overview);
  const loaded = useOverview((s) => s.loaded);
  useEffect(() => void useOverview.getState().load(), []);
  // The small ring: today against a seventh of the weekly goal, the day's fair share.
  const dailyShare = overview ? overview.weeklyGoalMinutes / 7 : 0;
  const todayPercent =
    overview && dailyShare > 0 ? Math.min(100, Math.floor((overview.today.studyMinutes / dailyShare) * 100)) : 0;

  return (
    <>
      <PageHeader title="Progress Dashboard">Your own figures, from what you studied.</PageHeader>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card id="goal-title" title="Weekly Goal" Icon={Target} className="lg:col-span-2">
          <div className="flex flex-wrap items-center gap-8">
            <GoalRing percent={overview?.weeklyProgress ?? 0} size={180} label="Weekly goal reached" />
            <div className="flex flex-col items-center gap-1">
              <GoalRing percent={todayPercent} size={96} label="Today’s share of the weekly goal" />
              <span className={muted}>Today</span>
            </div>
            <p className={muted}>
              {!loaded
                ? 'Loading...'
                : overview
                  ? `${overview.weeklyMinutes} of ${overview.weeklyGoalMinutes} min this week.`
                  : ''}
            </p>
          </div>
          <WeeklyGoalForm />
        </Card>
        <StreakCard />
        <div className="lg:col-span-2">
          <TopicsChart />
        </div>
        <Quote fallback="The expert in anything was once a beginner." />
        <div className="lg:col-span-3">
          <AchievementsGrid />
        </div>
        <div className="lg:col-span-3">
          <ActivityHeatmap />
        </div>
      </div>
    </>
  );
}
