import { FastForward, type LucideIcon, PartyPopper, RefreshCw, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
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

const TONES = {
  paused: {
    panel: 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950',
    icon: 'text-amber-800 dark:text-amber-300',
    button: 'border-amber-800',
  },
  done: {
    panel: 'border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950',
    icon: 'text-emerald-700 dark:text-emerald-300',
    button: 'border-emerald-700',
  },
};

/** Where a session ends: a headed panel, what happened, and the one thing to do next. */
function SessionPanel({
  tone,
  Icon,
  title,
  action,
  children,
}: {
  tone: keyof typeof TONES;
  Icon: LucideIcon;
  title: string;
  action?: { label: string; Icon: LucideIcon; onClick: () => void };
  children: ReactNode;
}) {
  const colours = TONES[tone];
  const titleId = `session-${tone === 'done' ? 'end' : tone}-title`;
  return (
    <section
      aria-labelledby={titleId}
      className={`flex flex-col items-center gap-3 rounded-2xl border p-8 text-center ${colours.panel}`}
    >
      <Icon aria-hidden="true" className={`size-8 ${colours.icon}`} />
      <h2 id={titleId} className="text-xl font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
      {action && (
        <Button variant="ghost" className={`border ${colours.button}`} onClick={action.onClick}>
          <action.Icon aria-hidden="true" className="size-4" />
          {action.label}
        </Button>
      )}
    </section>
  );
}

/** The session's cards are done, but whether more are due could not be asked: no false "All done". */
function SessionPaused({ reviewed }: { reviewed: number }) {
  return (
    <SessionPanel
      tone="paused"
      Icon={WifiOff}
      title="Could not check for more cards"
      action={{ label: 'Check again', Icon: RefreshCw, onClick: () => void useFlashcards.getState().recheck() }}
    >
      <p className="text-slate-700 dark:text-slate-200">
        You made {reviewed} {reviewed === 1 ? 'review' : 'reviews'} in this session. LearnBoost could not be reached to
        ask whether more cards are due.
      </p>
    </SessionPanel>
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
    <SessionPanel
      tone="done"
      Icon={PartyPopper}
      title="All done for now"
      action={
        ahead
          ? undefined
          : { label: 'Study ahead', Icon: FastForward, onClick: () => void useFlashcards.getState().studyAhead() }
      }
    >
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
    </SessionPanel>
  );
}
