export { CoachCard } from './components/coach-card';
export { ProgressDashboardPage } from './components/progress-dashboard-page';
export { Quote } from './components/quote';
export { RecentActivityCard } from './components/recent-activity-card';
export { SnapshotCard } from './components/snapshot-card';
export { WeeklyGoalCard } from './components/weekly-goal-card';
export { useOverview } from './overview-store';
