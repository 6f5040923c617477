import type { TCardHistory, TFoundCard } from '@learnboost/api/contract';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { dayMonthYearTime } from '../../../lib/dates';
import { toastFailure } from '../../../lib/errors';
import { getCardHistory } from '../api/get-card-history';
import { sideText } from '../card-sides';
import { waitWords } from '../comes-back';
import { RATING_NAMES } from '../rating-names';

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** A card's reviews in Browse: when, how it was rated, how long it took and the wait each set. */
export function CardHistoryDialog({ card, tabIndex }: { card: TFoundCard; tabIndex: number }) {
  const [history, setHistory] = useState<TCardHistory | null>(null);
  const [open, setOpen] = useState(false);
  const question = sideText(card, 'question');

  async function show() {
    setOpen(true);
    setHistory(null);
    try {
      setHistory(await getCardHistory(card.id));
    } catch (error) {
      setOpen(false);
      toastFailure('Could not load the review history', error);
    }
  }

  return (
    <>
      <Button
        variant="ghost"
        tabIndex={tabIndex}
        className="px-2 py-1"
        onClick={() => void show()}
        aria-label={`Review history of “${question.slice(0, 80)}”`}
      >
        <History aria-hidden="true" className="size-4" />
        History
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Review history" description={question.slice(0, 200)} wide>
        {history === null ? (
          <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
            Loading...
          </p>
        ) : history.reviews.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-200">Not reviewed yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm text-slate-800 dark:text-slate-100">
              <caption className="mb-2 text-left text-slate-600 dark:text-slate-300">
                {history.total === 1 ? '1 review' : `${history.total} reviews`}, newest first
                {history.total > history.reviews.length ? ` (the latest ${history.reviews.length} shown)` : ''}
              </caption>
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  {['Reviewed', 'Rating', 'Time', 'Interval'].map((heading) => (
                    <th key={heading} scope="col" className="py-1.5 pr-3 font-semibold">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {history.reviews.map((r) => (
                  <tr key={r.id} className="border-b border-slate-100 dark:border-slate-800">
                    <td className="py-1.5 pr-3 whitespace-nowrap">{dayMonthYearTime.format(new Date(r.reviewedAt))}</td>
                    <td className="py-1.5 pr-3">{RATING_NAMES[r.rating as 1 | 2 | 3 | 4] ?? r.rating}</td>
                    <td className="py-1.5 pr-3">{seconds(r.durationMs)}</td>
                    <td className="py-1.5">{waitWords(Date.parse(r.nextDue) - Date.parse(r.reviewedAt))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Modal>
    </>
  );
}
