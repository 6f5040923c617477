import type { TRoomSuggestion } from '@learnboost/api/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { toastFailure } from '../../../lib/errors';
import { decideSuggestion } from '../api/room-deck';
import { useGroupLearning } from '../group-learning-store';
import { useDecides } from '../room-permissions';

// "Members suggest" (issue 24): a member's change waits for the host or an editor to accept or
// reject it. Deciders see every pending suggestion; a member sees their own waiting.

const WHAT: Record<TRoomSuggestion['action'], string> = {
  add: 'suggests adding',
  edit: 'suggests changing',
  delete: 'suggests deleting',
};

function Suggestion({ suggestion, decides }: { suggestion: TRoomSuggestion; decides: boolean }) {
  const roomId = useGroupLearning((s) => s.room?.id);
  // A deleted card's suggestion names the card as the room has it.
  const card = useGroupLearning((s) => s.cards.find((c) => c.id === suggestion.cardId));
  const [busy, setBusy] = useState(false);
  const question = suggestion.action === 'delete' ? (card?.question ?? suggestion.question) : suggestion.question;
  const decide = (decision: 'accept' | 'reject') => {
    if (!roomId) return;
    setBusy(true);
    decideSuggestion(roomId, suggestion.id, decision)
      .then(
        () => {
          useGroupLearning.getState().suggestionDecided(suggestion.id);
          toast.success(decision === 'accept' ? 'Suggestion accepted' : 'Suggestion rejected');
        },
        (err) => toastFailure(decision === 'accept' ? 'Failed to accept' : 'Failed to reject', err),
      )
      .finally(() => setBusy(false));
  };
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <div className="min-w-0 text-sm">
        <p className="text-slate-900 dark:text-white">
          {suggestion.author.username} {WHAT[suggestion.action]} “{question}”
        </p>
        {suggestion.action !== 'delete' && suggestion.answer && (
          <p className="text-slate-700 dark:text-slate-200">{suggestion.answer}</p>
        )}
        {suggestion.tags.length > 0 && (
          <p className="text-slate-600 dark:text-slate-300">Tags: {suggestion.tags.join(', ')}</p>
        )}
      </div>
      {decides ? (
        <div className="flex gap-2">
          <Button disabled={busy} onClick={() => decide('accept')} aria-label={`Accept: ${question}`}>
            Accept
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => decide('reject')} aria-label={`Reject: ${question}`}>
            Reject
          </Button>
        </div>
      ) : (
        <p className="text-xs text-amber-800 dark:text-amber-200">Waiting for the host or an editor</p>
      )}
    </li>
  );
}

export function RoomSuggestions() {
  const me = useGroupLearning((s) => s.me);
  const suggestions = useGroupLearning((s) => s.suggestions);
  const decides = useDecides();
  if (!me) return null;
  const shown = decides ? suggestions : suggestions.filter((s) => s.author.id === me.id);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="suggestions-heading" className="flex flex-col gap-2">
      <h3 id="suggestions-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        {decides ? 'Pending suggestions' : 'Your pending suggestions'}
      </h3>
      <ul className="flex flex-col gap-2">
        {shown.map((s) => (
          <Suggestion key={s.id} suggestion={s} decides={decides} />
        ))}
      </ul>
    </section>
  );
}
