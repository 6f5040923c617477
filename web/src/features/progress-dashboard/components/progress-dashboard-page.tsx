import { ComingSoon } from '../../../components/coming-soon';

export function ProgressDashboardPage() {
  return (
    <ComingSoon
      title="Progress Dashboard"
      sentence="The progress dashboard is coming soon: it will show your weekly goal and the topics you have mastered."
    />
  );
}
