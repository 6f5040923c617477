import { cn } from '../../../lib/cn';
import { dayMonthYearTime } from '../../../lib/dates';
import { sideText } from '../card-sides';
import type { SortKey } from '../use-card-search';
import { stateName } from './browse-filters';
import type { BrowseViewProps } from './browse-table';
import { CardContent } from './card-content';
import { CardHistoryDialog } from './card-history-dialog';

const SORT_NAMES: Record<SortKey, string> = { due: 'Due', created: 'Created', lapses: 'Lapses' };

/**
 * The cards found on a phone: one card each, its question and answer first, then its deck,
 * state and due date, so nothing needs scrolling sideways. Selection and history as in the table.
 */
export function BrowseList({ cards, sort, onSort, selection }: BrowseViewProps) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700 dark:text-slate-200">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-5 accent-indigo-600"
            checked={selection.all}
            ref={(el) => {
              if (el) el.indeterminate = selection.some;
            }}
            onChange={selection.toggleAll}
          />
          Select all cards shown
        </label>
        <label className="flex items-center gap-2">
          Sort by
          <select
            value={sort}
            onChange={(e) => onSort(e.target.value as SortKey)}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
          >
            {(Object.keys(SORT_NAMES) as SortKey[]).map((key) => (
              <option key={key} value={key}>
                {SORT_NAMES[key]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ul className="flex flex-col gap-3">
        {cards.map((card, index) => {
          const checked = selection.isSelected(card.id);
          return (
            <li
              key={card.id}
              data-testid="browse-row"
              data-suspended={card.suspended}
              className={cn(
                'flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900',
                checked && 'border-indigo-400 bg-indigo-50 dark:bg-indigo-950',
              )}
            >
              <div className="flex items-start gap-3">
                <input
                  type="checkbox"
                  aria-label={`Select “${sideText(card, 'question').slice(0, 80)}”`}
                  className="mt-0.5 size-5 shrink-0 accent-indigo-600"
                  checked={checked}
                  onChange={() => selection.toggle(index, false)}
                />
                <div className="flex min-w-0 flex-col gap-1">
                  <CardContent
                    card={card}
                    side="question"
                    className="line-clamp-3 font-medium text-slate-900 dark:text-slate-100"
                  />
                  <CardContent
                    card={card.kind === 'cloze' ? { ...card, answer: '' } : card}
                    side="answer"
                    className="line-clamp-3 text-slate-700 dark:text-slate-200"
                  />
                </div>
              </div>
              <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
                <span>{card.deckName}</span>
                <span>
                  {stateName(card.state)}
                  {card.suspended && ' · Suspended'}
                </span>
                <span>{card.state === 'new' ? 'New' : `Due ${dayMonthYearTime.format(new Date(card.due))}`}</span>
                <span>{card.lapses === 1 ? '1 lapse' : `${card.lapses} lapses`}</span>
              </p>
              <div className="self-end">
                <CardHistoryDialog card={card} tabIndex={0} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
