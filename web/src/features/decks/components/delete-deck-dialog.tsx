import type { TDeckSummary } from '@learnboost/api/contract';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { DeckSelect } from '../../../components/deck-select';
import { Button } from '../../../components/ui/button';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { useSubmit } from '../../../lib/use-submit';
import { useDecks } from '../decks-store';

const plural = (n: number) => `${n} ${n === 1 ? 'card' : 'cards'}`;

/**
 * Deleting a deck asks what becomes of its cards: deleted with it, or moved to another deck. The
 * api has the last word (it refuses the default deck, 409), and its sentence is shown.
 */
export function DeleteDeckDialog({
  deck,
  open,
  onOpenChange,
}: {
  deck: TDeckSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const decks = useDecks((s) => s.decks);
  const others = decks.filter((d) => d.id !== deck.id);
  const [fate, setFate] = useState<'move' | 'delete'>('move');
  const [moveTo, setMoveTo] = useState('');
  const { busy, submit } = useSubmit('Could not delete the deck');
  const name = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening only.
  useEffect(() => {
    if (!open) return;
    setFate('move');
    setMoveTo((others.find((d) => d.isDefault) ?? others[0])?.id ?? '');
  }, [open]);

  async function remove() {
    if (fate === 'move' && !moveTo) return void toast.error('Choose the deck to move the cards to');
    await submit(async () => {
      await useDecks.getState().remove(deck.id, fate === 'delete' ? { cards: 'delete' } : { moveTo });
      toast.success(`Deck "${deck.name}" deleted`);
      onOpenChange(false);
    });
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Deck"
      description={`“${deck.name}” holds ${plural(deck.cardCount)}. Decks nested under it stay, with their cards.`}
    >
      <div className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">Its cards</legend>
          <FateOption name={name} checked={fate === 'move'} onChoose={() => setFate('move')}>
            Move them to another deck
          </FateOption>
          {fate === 'move' && (
            <DeckSelect label="Move to" decks={others} value={moveTo} onChange={setMoveTo} className="ml-6" />
          )}
          <FateOption name={name} checked={fate === 'delete'} onChoose={() => setFate('delete')}>
            Delete them with the deck
          </FateOption>
        </fieldset>
        <ModalActions>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void remove()} disabled={busy} variant="danger">
            Delete Deck
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}

/** One choice of what happens to the deck's cards. */
function FateOption({
  name,
  checked,
  onChoose,
  children,
}: {
  name: string;
  checked: boolean;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-100">
      <input type="radio" name={name} className="size-4 accent-indigo-600" checked={checked} onChange={onChoose} />
      {children}
    </label>
  );
}
