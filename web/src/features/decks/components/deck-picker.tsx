import { FolderPlus, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { DeckSelect } from '../../../components/deck-select';
import { Button } from '../../../components/ui/button';
import { allDecksCounts } from '../../../lib/deck-tree';
import { useDecks } from '../decks-store';
import { DeckNameDialog } from './deck-name-dialog';
import { DeleteDeckDialog } from './delete-deck-dialog';

type Dialog = 'new' | 'rename' | 'delete' | null;

/** "All decks" or one deck, with its due and new counts; studying and the list follow the choice. */
export function DeckPicker() {
  const decks = useDecks((s) => s.decks);
  const chosenId = useDecks((s) => s.chosen);
  const { choose, create, rename } = useDecks.getState();
  const [dialog, setDialog] = useState<Dialog>(null);
  const chosen = decks.find((d) => d.id === chosenId);
  const counts = chosen ?? allDecksCounts(decks);
  const close = (open: boolean) => !open && setDialog(null);

  return (
    <div className="flex flex-wrap items-end gap-3">
      <DeckSelect
        label="Deck"
        decks={decks}
        value={chosen?.id ?? ''}
        onChange={(id) => choose(id || null)}
        noneLabel={`All decks (${allDecksCounts(decks).dueCount} due · ${allDecksCounts(decks).newCount} new)`}
        withCounts
        className="min-w-56"
      />
      <p className="pb-2.5 text-sm text-slate-600 dark:text-slate-300" data-testid="deck-counts">
        {counts.dueCount} due · {counts.newCount} new
      </p>
      <div className="flex flex-wrap gap-1 pb-0.5">
        <Button variant="ghost" onClick={() => setDialog('new')}>
          <FolderPlus aria-hidden="true" className="size-4" />
          New Deck
        </Button>
        {chosen && (
          <>
            <Button variant="ghost" onClick={() => setDialog('rename')}>
              <Pencil aria-hidden="true" className="size-4" />
              Rename Deck
            </Button>
            <Button variant="ghost" onClick={() => setDialog('delete')}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete Deck
            </Button>
          </>
        )}
      </div>
      <DeckNameDialog
        open={dialog === 'new'}
        onOpenChange={close}
        title="New Deck"
        submitLabel="Create Deck"
        initialName=""
        failMessage="Could not create the deck"
        save={async (name) => {
          const deck = await create(name);
          choose(deck.id);
          toast.success(`Deck "${deck.name}" created`);
        }}
      />
      {chosen && (
        <>
          <DeckNameDialog
            open={dialog === 'rename'}
            onOpenChange={close}
            title="Rename Deck"
            submitLabel="Save Name"
            initialName={chosen.name}
            failMessage="Could not rename the deck"
            save={async (name) => {
              await rename(chosen.id, name);
              toast.success('Deck renamed');
            }}
          />
          <DeleteDeckDialog deck={chosen} open={dialog === 'delete'} onOpenChange={close} />
        </>
      )}
    </div>
  );
}
