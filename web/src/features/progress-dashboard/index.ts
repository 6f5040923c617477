export { ProgressDashboardPage } from './components/progress-dashboard-page';
