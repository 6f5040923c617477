import { CalendarDays } from 'lucide-react';
import { useOverview } from '../overview-store';
import { Card, muted } from './card';

const SHADES = [
  'bg-slate-200 dark:bg-slate-800',
  'bg-indigo-200 dark:bg-indigo-900',
  'bg-indigo-400 dark:bg-indigo-700',
  'bg-indigo-600 dark:bg-indigo-500',
  'bg-indigo-800 dark:bg-indigo-300',
];

const shadeOf = (count: number, max: number) =>
  count === 0 ? 0 : Math.min(4, 1 + Math.floor((count / Math.max(1, max)) * 3.999));

/** A year of study, a column per week (Monday on top), as GitHub shows contributions. */
export function ActivityHeatmap() {
  const activity = useOverview((s) => s.overview)?.activity ?? [];
  if (activity.length === 0) return null;
  const max = Math.max(...activity.map((d) => d.count));
  const studyDays = activity.filter((d) => d.count > 0).length;
  // Pad the first week so each column starts on a Monday.
  const firstWeekday = (new Date(`${activity[0]?.date}T00:00:00Z`).getUTCDay() + 6) % 7;
  const cells = [...Array.from({ length: firstWeekday }, () => null), ...activity];
  const weeks = Array.from({ length: Math.ceil(cells.length / 7) }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  return (
    <Card id="heatmap-title" title="Study Activity" Icon={CalendarDays}>
      <p className={`${muted} mb-3`}>
        {studyDays === 0
          ? 'No study days in the past year yet.'
          : `${studyDays} study day${studyDays === 1 ? '' : 's'} in the past year.`}
      </p>
      <div className="overflow-x-auto">
        <div
          className="flex gap-[3px]"
          role="img"
          aria-label={`Study activity over the past year: ${studyDays} study days`}
        >
          {weeks.map((week) => (
            <div key={week.find((d) => d)?.date ?? 'pad'} className="flex flex-col gap-[3px]">
              {week.map((day, i) =>
                day ? (
                  <div
                    key={day.date}
                    title={`${day.date}: ${day.count}`}
                    className={`size-3 rounded-sm ${SHADES[shadeOf(day.count, max)]}`}
                  />
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: padding cells have no identity
                  <div key={`pad-${i}`} className="size-3" />
                ),
              )}
            </div>
          ))}
        </div>
      </div>
    </Card>
  );
}
