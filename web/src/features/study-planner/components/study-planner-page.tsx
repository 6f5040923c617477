import { ComingSoon } from '../../../components/coming-soon';

export function StudyPlannerPage() {
  return (
    <ComingSoon
      title="Study Planner"
      sentence="The study planner is coming soon: you will schedule study sessions and see them in a weekly view."
    />
  );
}
