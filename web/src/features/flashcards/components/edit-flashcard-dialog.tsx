import type { TFlashcard } from '@learnboost/api/contract';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { updateFlashcard } from '../api/update-flashcard';
import { useFlashcards } from '../flashcards-store';
import { FlashcardFormDialog } from './flashcard-form-dialog';

/** Fixes a typo without losing the card's schedule or history. */
export function EditFlashcardDialog({ card }: { card: TFlashcard }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        <Pencil aria-hidden="true" className="size-4" />
        Edit
      </Button>
      <FlashcardFormDialog
        open={open}
        onOpenChange={setOpen}
        title="Edit Flashcard"
        submitLabel="Save Changes"
        initial={card}
        failMessage="Failed to save the flashcard"
        save={async (body) => {
          useFlashcards.getState().edited(await updateFlashcard(card.id, body));
          toast.success('Flashcard updated');
        }}
      />
    </>
  );
}
