import type { TRoomActivity } from '@learnboost/api/contract';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { toastFailure } from '../../../lib/errors';
import { getRoomActivity, undoMyLastChange } from '../api/room-deck';
import { useGroupLearning } from '../group-learning-store';

// The room deck's history (issue 24): who added, edited, deleted or accepted what, newest first,
// the last 100, live; and a member's undo of their own last change.

const VERBS: Record<TRoomActivity['action'], string> = {
  added: 'added',
  edited: 'edited',
  deleted: 'deleted',
  accepted: 'accepted a change to',
  rejected: 'rejected a change to',
  copied: 'copied in the deck',
  undone: 'undid a change to',
};

/** `question`: the card's as this screen knows it, for a live entry that names only the card (an undo). */
function line(entry: TRoomActivity, question: string): string {
  const who = entry.member?.username ?? 'A former member';
  const what = entry.action === 'copied' ? `“${entry.question}” (${entry.count} cards)` : `“${question}”`;
  return `${who} ${VERBS[entry.action]} ${what}`;
}

/** An undo heard live takes back that member's newest change of that card not undone yet. */
function takenBackBy(undo: TRoomActivity) {
  let done = undo.action !== 'undone';
  return (e: TRoomActivity): TRoomActivity => {
    if (done || e.undone || e.cardId !== undo.cardId || e.member?.id !== undo.member?.id) return e;
    if (!['added', 'edited', 'deleted'].includes(e.action)) return e;
    done = true;
    return { ...e, undone: true };
  };
}

export function RoomActivity() {
  const roomId = useGroupLearning((s) => s.room?.id);
  const cards = useGroupLearning((s) => s.cards);
  const [entries, setEntries] = useState<TRoomActivity[]>([]);
  const reload = useCallback(() => {
    if (roomId) getRoomActivity(roomId).then(setEntries, () => undefined);
  }, [roomId]);
  useEffect(() => {
    reload();
    const socket = useGroupLearning.getState().socket();
    const heard = ({ entry }: { entry: TRoomActivity }) =>
      setEntries((list) => [entry, ...list.filter((e) => e.id !== entry.id).map(takenBackBy(entry))].slice(0, 100));
    socket?.on('activity:added', heard);
    return () => void socket?.off('activity:added', heard);
  }, [reload]);
  if (!roomId) return null;

  const undo = () =>
    undoMyLastChange(roomId).then(
      () => {
        toast.success('Your last change is undone');
        // The entry it took back now says so.
        reload();
      },
      (err) => toastFailure('Could not undo', err),
    );
  return (
    <section aria-labelledby="activity-heading" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="activity-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          Activity
        </h3>
        <Button variant="ghost" onClick={() => void undo()}>
          Undo my last change
        </Button>
      </div>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No changes yet.</p>
      ) : (
        <ol aria-label="Room activity" className="flex flex-col gap-1">
          {entries.map((entry) => (
            <li key={entry.id} className="text-sm text-slate-800 dark:text-slate-100">
              {line(entry, entry.question ?? cards.find((c) => c.id === entry.cardId)?.question ?? 'a card')}
              {entry.undone && <span className="text-slate-600 dark:text-slate-300"> (undone)</span>}{' '}
              <time dateTime={entry.at} className="text-xs text-slate-600 dark:text-slate-300">
                {new Date(entry.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
