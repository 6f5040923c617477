import type { TFoundCard } from '@learnboost/api/contract';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { dayMonthYear, dayMonthYearTime } from '../../../lib/dates';
import { sideText } from '../card-sides';
import type { SortKey } from '../use-card-search';
import type { useRowSelection } from '../use-row-selection';
import { stateName } from './browse-filters';
import { CardContent } from './card-content';
import { CardHistoryDialog } from './card-history-dialog';

const date = dayMonthYear;
const dateTime = dayMonthYearTime;

/** Each sort in the api's one direction: soonest due, newest made, most forgotten. */
const SORTS: { key: SortKey; label: string; direction: 'ascending' | 'descending' }[] = [
  { key: 'due', label: 'Due', direction: 'ascending' },
  { key: 'created', label: 'Created', direction: 'descending' },
  { key: 'lapses', label: 'Lapses', direction: 'descending' },
];

const TH = 'px-3 py-2 font-semibold';

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: (typeof SORTS)[number];
  sort: SortKey;
  onSort: (sort: SortKey) => void;
}) {
  const active = column.key === sort;
  const Arrow = column.direction === 'ascending' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" className={TH} aria-sort={active ? column.direction : undefined}>
      <button
        type="button"
        onClick={() => onSort(column.key)}
        className="inline-flex items-center gap-1 rounded hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-indigo-300"
      >
        {column.label}
        {active && <Arrow aria-hidden="true" className="size-3.5" />}
      </button>
    </th>
  );
}

/**
 * The cards found, one row each. The keyboard: Tab reaches the table once (the current row), the
 * arrow keys, Home and End move between rows, Space or Enter selects one, Shift with them a range.
 */
/** What a view of the cards found gets: the table here, the phone's list in browse-list.tsx. */
export type BrowseViewProps = {
  cards: TFoundCard[];
  sort: SortKey;
  onSort: (sort: SortKey) => void;
  selection: ReturnType<typeof useRowSelection>;
};

export function BrowseTable({ cards, sort, onSort, selection }: BrowseViewProps) {
  const [active, setActive] = useState(0);
  const rows = useRef<(HTMLTableRowElement | null)[]>([]);
  const current = Math.min(active, cards.length - 1);

  function focusRow(index: number) {
    const to = Math.max(0, Math.min(cards.length - 1, index));
    setActive(to);
    rows.current[to]?.focus();
  }

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number) {
    // Keys pressed on the row's own checkbox are the checkbox's.
    if (event.target !== event.currentTarget) return;
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: cards.length - 1 };
    const to = moves[event.key];
    if (to !== undefined) {
      event.preventDefault();
      focusRow(to);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      selection.toggle(index, event.shiftKey);
    }
  }

  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          Cards found; select rows with Space, move between them with the arrow keys
        </caption>
        <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            <th scope="col" className={cn(TH, 'w-10')}>
              <input
                type="checkbox"
                aria-label="Select all cards shown"
                className="size-4 accent-indigo-600"
                checked={selection.all}
                ref={(el) => {
                  if (el) el.indeterminate = selection.some;
                }}
                onChange={selection.toggleAll}
              />
            </th>
            {['Question', 'Answer', 'Deck', 'State'].map((heading) => (
              <th key={heading} scope="col" className={TH}>
                {heading}
              </th>
            ))}
            {SORTS.map((column) => (
              <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
            ))}
            <th scope="col" className={TH}>
              <span className="sr-only">Review history</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {cards.map((card, index) => {
            const checked = selection.isSelected(card.id);
            return (
              <tr
                key={card.id}
                ref={(el) => {
                  rows.current[index] = el;
                }}
                tabIndex={index === current ? 0 : -1}
                onFocus={() => setActive(index)}
                onKeyDown={(e) => onRowKeyDown(e, index)}
                data-testid="browse-row"
                data-suspended={card.suspended}
                className={cn(
                  'border-t border-slate-200 align-top focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 dark:border-slate-700',
                  checked && 'bg-indigo-50 dark:bg-indigo-950',
                  card.suspended && !checked && 'bg-amber-50/60 dark:bg-amber-950/40',
                )}
              >
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    tabIndex={-1}
                    aria-label={`Select “${sideText(card, 'question').slice(0, 80)}”`}
                    className="size-4 accent-indigo-600"
                    checked={checked}
                    onChange={(e) => selection.toggle(index, (e.nativeEvent as MouseEvent).shiftKey)}
                  />
                </td>
                <td className="max-w-64 px-3 py-2 text-slate-900 dark:text-slate-100">
                  <CardContent card={card} side="question" className="line-clamp-3" />
                </td>
                <td className="max-w-64 px-3 py-2 text-slate-700 dark:text-slate-200">
                  <CardContent
                    card={card.kind === 'cloze' ? { ...card, answer: '' } : card}
                    side="answer"
                    className="line-clamp-3"
                  />
                </td>
                <td className="px-3 py-2 text-slate-700 dark:text-slate-200">{card.deckName}</td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-700 dark:text-slate-200">
                  {stateName(card.state)}
                  {card.suspended && (
                    <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                      Suspended
                    </span>
                  )}
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-700 dark:text-slate-200">
                  {card.state === 'new' ? 'New' : dateTime.format(new Date(card.due))}
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-700 dark:text-slate-200">
                  {date.format(new Date(card.createdAt))}
                </td>
                <td className="px-3 py-2 text-slate-700 dark:text-slate-200">{card.lapses}</td>
                <td className="px-1 py-1">
                  <CardHistoryDialog card={card} tabIndex={index === current ? 0 : -1} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
