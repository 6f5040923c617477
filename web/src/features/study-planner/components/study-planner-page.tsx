import { useEffect } from 'react';
import { Breadcrumb } from '../../../components/breadcrumb';
import { PageHeader } from '../../../components/page-header';
import { useStudyPlanner } from '../study-planner-store';
import { startOfWeek } from '../week';
import { AddSessionDialog } from './add-session-dialog';
import { CalendarFeedSection } from './calendar-feed-section';
import { WeekNavigation } from './week-navigation';
import { WeeklyPlan } from './weekly-plan';

export function StudyPlannerPage() {
  useEffect(() => {
    // Every visit opens on the week holding today.
    void useStudyPlanner.getState().showWeek(startOfWeek(new Date()));
  }, []);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Breadcrumb current="Study Planner" />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <PageHeader title="Study Planner">Plan your study sessions week by week.</PageHeader>
          <AddSessionDialog />
        </div>
      </div>
      <WeekNavigation />
      <WeeklyPlan />
      <CalendarFeedSection />
    </div>
  );
}
