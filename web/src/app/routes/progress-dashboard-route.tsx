import { ProgressDashboardPage } from '../../features/progress-dashboard/components/progress-dashboard-page';
import { SchedulerSection } from '../../features/scheduler';

/** The dashboard, then the Scheduler section (its own feature) under it. */
export function ProgressDashboardRoute() {
  return (
    <>
      <ProgressDashboardPage />
      <SchedulerSection />
    </>
  );
}
