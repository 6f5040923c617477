import { History } from 'lucide-react';
import { weekdayTime } from '../../../lib/dates';
import { useOverview } from '../overview-store';
import { Card, muted } from './card';

const when = weekdayTime;

export function RecentActivityCard() {
  const activity = useOverview((s) => s.overview)?.recentActivity ?? [];
  const loaded = useOverview((s) => s.loaded);
  return (
    <Card id="recent-activity-title" title="Recent Activity" Icon={History}>
      {!loaded ? (
        <p className={muted}>Loading...</p>
      ) : activity.length === 0 ? (
        <p className={muted}>No activity yet. What you study will show up here.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {activity.slice(0, 6).map((item) => (
            <li key={`${item.kind}-${item.at}-${item.text}`} className="flex items-baseline justify-between gap-3">
              <span className="text-slate-800 dark:text-slate-100">{item.text}</span>
              <time dateTime={item.at} className="shrink-0 text-xs text-slate-600 dark:text-slate-300">
                {when.format(new Date(item.at))}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
