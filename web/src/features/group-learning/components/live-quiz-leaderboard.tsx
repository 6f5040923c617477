import type { TLeaderboardEntry } from '@learnboost/api/contract';
import { TitledSection } from '../../../components/ui/titled-section';

export function Leaderboard({
  entries,
  meId,
  limit = 10,
}: {
  entries: TLeaderboardEntry[];
  meId?: string;
  limit?: number;
}) {
  return (
    <TitledSection title="Leaderboard" heading="h4" size="text-base" className="flex flex-col gap-2">
      <ol className="flex flex-col gap-1">
        {entries.slice(0, limit).map((e, i) => (
          <li
            key={e.member.id}
            className={
              e.member.id === meId
                ? 'flex justify-between rounded-lg bg-indigo-50 px-3 py-1.5 text-sm font-semibold text-slate-900 dark:bg-indigo-950 dark:text-white'
                : 'flex justify-between px-3 py-1.5 text-sm text-slate-700 dark:text-slate-200'
            }
          >
            <span>
              {i + 1}. {e.member.username}
              {e.streak > 1 ? ` · streak ${e.streak}` : ''}
            </span>
            <span>{e.score.toLocaleString('en')} points</span>
          </li>
        ))}
      </ol>
    </TitledSection>
  );
}

const PLACES = ['1st', '2nd', '3rd'];

/** The top three of a finished game. */
export function Podium({ entries }: { entries: TLeaderboardEntry[] }) {
  // A place on the podium is earned: nobody is crowned at 0 points.
  const scorers = entries.filter((e) => e.score > 0).slice(0, 3);
  if (scorers.length === 0)
    return <p className="text-sm text-slate-700 dark:text-slate-200">No one scored this time.</p>;
  return (
    <ol aria-label="Podium" className="grid grid-cols-3 items-end gap-3 text-center">
      {scorers.map((e, i) => (
        <li
          key={e.member.id}
          className={`flex flex-col justify-end rounded-t-xl bg-indigo-100 p-3 text-slate-900 dark:bg-indigo-950 dark:text-white ${
            ['order-2 min-h-36', 'order-1 min-h-28', 'order-3 min-h-20'][i]
          }`}
        >
          <span className="text-sm font-semibold">{PLACES[i]}</span>
          <span className="text-base font-bold break-words">{e.member.username}</span>
          <span className="text-sm">{e.score.toLocaleString('en')} points</span>
        </li>
      ))}
    </ol>
  );
}
