import type { TBulkBody, TDeckSummary } from '@learnboost/api/contract';
import { FolderInput, Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { DeckSelect } from '../../../components/deck-select';
import { Button } from '../../../components/ui/button';
import { toastFailure } from '../../../lib/errors';
import { bulkChangeFlashcards } from '../api/bulk-change-flashcards';

const cards = (n: number) => `${n} ${n === 1 ? 'card' : 'cards'}`;
const DONE: Record<TBulkBody['action'], string> = {
  move: 'Moved',
  suspend: 'Suspended',
  unsuspend: 'Unsuspended',
  delete: 'Deleted',
};
/** What can be done to the selected rows; each is all or nothing on the api's side. */
export function BulkActions({ ids, decks, onDone }: { ids: string[]; decks: TDeckSummary[]; onDone: () => void }) {
  const [moveTo, setMoveTo] = useState('');
  const [busy, setBusy] = useState(false);
  const none = ids.length === 0;

  /** Whether the change was made. */
  async function run(action: TBulkBody['action'], deckId?: string): Promise<boolean> {
    setBusy(true);
    try {
      const { changed } = await bulkChangeFlashcards({ ids, action, deckId });
      toast.success(`${DONE[action]} ${cards(changed)}`);
      onDone();
      return true;
    } catch (error) {
      toastFailure(`Could not change the ${cards(ids.length)}`, error);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Selected cards" className="flex flex-wrap items-end gap-3">
      <p aria-live="polite" className="pb-2.5 text-sm font-medium text-slate-700 dark:text-slate-200">
        {ids.length} selected
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <DeckSelect label="Move to deck" decks={decks} noneLabel="Choose a deck" value={moveTo} onChange={setMoveTo} />
        <Button
          variant="outline"
          disabled={none || busy}
          onClick={() => (moveTo ? void run('move', moveTo) : void toast.error('Choose the deck to move the cards to'))}
        >
          <FolderInput aria-hidden="true" className="size-4" />
          Move
        </Button>
      </div>
      <Button variant="outline" disabled={none || busy} onClick={() => void run('suspend')}>
        <Pause aria-hidden="true" className="size-4" />
        Suspend
      </Button>
      <Button variant="outline" disabled={none || busy} onClick={() => void run('unsuspend')}>
        <Play aria-hidden="true" className="size-4" />
        Unsuspend
      </Button>
      <ConfirmDeleteButton
        variant="outline"
        disabled={none || busy}
        title="Delete Flashcards"
        description={`${ids.length === 1 ? '1 card and its' : `${ids.length} cards and their`} review history will be deleted. This cannot be undone.`}
        confirmLabel={`Delete ${cards(ids.length)}`}
        onConfirm={() => run('delete')}
      />
    </section>
  );
}
