import type { TFlashcard } from '@learnboost/api/contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { messageOf } from '../../../lib/errors';
import { deleteFlashcard } from '../api/delete-flashcard';
import { sideText } from '../card-sides';
import { useDeckChoice } from '../deck-context';
import { useFlashcards } from '../flashcards-store';

/** Deleting is final (the card's reviews go with it), so it is asked once more. */
export function DeleteFlashcardDialog({ card }: { card: TFlashcard }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { cardsChanged } = useDeckChoice();

  async function remove() {
    setBusy(true);
    try {
      await deleteFlashcard(card.id);
      useFlashcards.getState().removed(card.id);
      cardsChanged();
      toast.success('Flashcard deleted');
      setOpen(false);
    } catch (error) {
      toast.error(`Could not delete the flashcard: ${messageOf(error, 'Request failed')}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Delete Flashcard"
        description={`“${sideText(card, 'question')}” and its review history will be deleted. This cannot be undone.`}
      >
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button onClick={() => void remove()} disabled={busy} variant="danger">
            Delete Flashcard
          </Button>
        </div>
      </Modal>
    </>
  );
}
