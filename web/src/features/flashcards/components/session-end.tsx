import { FastForward, PartyPopper, RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { weekdayLongTime } from '../../../lib/dates';
import { useFlashcards } from '../flashcards-store';

const when = weekdayLongTime;

function nextCardText(nextDueAt: string | null, now = new Date()): string {
  if (!nextDueAt) return 'No card is scheduled yet: add some, or import a deck.';
  const at = new Date(nextDueAt);
  const minutes = Math.round((at.getTime() - now.getTime()) / 60_000);
  if (minutes < 1) return 'The next card is due in a moment.';
  if (minutes < 60) return `The next card is due in ${minutes} min.`;
  if (minutes < 24 * 60) return `The next card is due in ${Math.round(minutes / 60)} h (${when.format(at)}).`;
  return `The next card is due ${when.format(at)}.`;
}

/** The session's cards are done, but whether more are due could not be asked: no false "All done". */
function SessionPaused({ reviewed }: { reviewed: number }) {
  return (
    <section
      aria-labelledby="session-paused-title"
      className="flex flex-col items-center gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-8 text-center dark:border-amber-800 dark:bg-amber-950"
    >
      <WifiOff aria-hidden="true" className="size-8 text-amber-800 dark:text-amber-300" />
      <h2 id="session-paused-title" className="text-xl font-semibold text-slate-900 dark:text-white">
        Could not check for more cards
      </h2>
      <p className="text-slate-700 dark:text-slate-200">
        You made {reviewed} {reviewed === 1 ? 'review' : 'reviews'} in this session. LearnBoost could not be reached to
        ask whether more cards are due.
      </p>
      <Button
        variant="ghost"
        className="border border-amber-800"
        onClick={() => void useFlashcards.getState().recheck()}
      >
        <RefreshCw aria-hidden="true" className="size-4" />
        Check again
      </Button>
    </section>
  );
}

/** Every due card is done: what was studied, and when to come back. */
export function SessionEnd() {
  const reviewed = useFlashcards((s) => s.reviewed);
  const again = useFlashcards((s) => s.again);
  const nextDueAt = useFlashcards((s) => s.nextDueAt);
  const ahead = useFlashcards((s) => s.mode === 'ahead');
  const unchecked = useFlashcards((s) => s.unchecked);
  if (unchecked) return <SessionPaused reviewed={reviewed} />;
  return (
    <section
      aria-labelledby="session-end-title"
      className="flex flex-col items-center gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-8 text-center dark:border-emerald-900 dark:bg-emerald-950"
    >
      <PartyPopper aria-hidden="true" className="size-8 text-emerald-700 dark:text-emerald-300" />
      <h2 id="session-end-title" className="text-xl font-semibold text-slate-900 dark:text-white">
        All done for now
      </h2>
      <p className="text-slate-700 dark:text-slate-200">
        {ahead
          ? `You practised ${reviewed} ${reviewed === 1 ? 'card' : 'cards'} ahead. Their schedule is unchanged.`
          : reviewed === 0
            ? 'Nothing is due right now.'
            : `You made ${reviewed} ${reviewed === 1 ? 'review' : 'reviews'} in this session${
                again > 0 ? `, ${again} of them to review again soon` : ''
              }.`}
      </p>
      <p className="text-slate-700 dark:text-slate-200" data-testid="next-due">
        {nextCardText(nextDueAt)}
      </p>
      {!ahead && (
        <Button
          variant="ghost"
          className="border border-emerald-700"
          onClick={() => void useFlashcards.getState().studyAhead()}
        >
          <FastForward aria-hidden="true" className="size-4" />
          Study ahead
        </Button>
      )}
    </section>
  );
}
