import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { dayMonth, dayMonthYear } from '../../../lib/dates';
import { useStudyPlanner } from '../study-planner-store';
import { addDays } from '../week';

export function WeekNavigation() {
  const weekStart = useStudyPlanner((s) => s.weekStart);
  const { moveWeeks, showToday } = useStudyPlanner.getState();
  const sunday = addDays(weekStart, 6);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
        Weekly Plan
        <span className="ml-3 text-base font-normal text-slate-600 dark:text-slate-300" data-testid="week-label">
          {dayMonth.format(weekStart)} – {dayMonthYear.format(sunday)}
        </span>
      </h2>
      <div className="flex items-center gap-1">
        <Button variant="ghost" aria-label="Previous week" onClick={() => void moveWeeks(-1)}>
          <ChevronLeft aria-hidden="true" className="size-4" />
        </Button>
        <Button variant="outline" onClick={() => void showToday()}>
          Today
        </Button>
        <Button variant="ghost" aria-label="Next week" onClick={() => void moveWeeks(1)}>
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </div>
  );
}
