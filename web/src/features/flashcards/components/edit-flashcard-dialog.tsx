import type { TFlashcard } from '@learnboost/api/contract';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { updateFlashcard } from '../api/update-flashcard';
import { useDeckChoice } from '../deck-context';
import { useFlashcards } from '../flashcards-store';
import { FlashcardFormDialog } from './flashcard-form-dialog';

/** Fixes a typo or moves the card without losing its schedule or history. */
export function EditFlashcardDialog({ card }: { card: TFlashcard }) {
  const [open, setOpen] = useState(false);
  const { cardsChanged } = useDeckChoice();
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
        kindFixed
        failMessage="Failed to save the flashcard"
        save={async ({ question, answer, deckId }) => {
          useFlashcards.getState().edited(await updateFlashcard(card.id, { question, answer, deckId }));
          if (deckId !== card.deckId) cardsChanged();
          toast.success('Flashcard updated');
        }}
      />
    </>
  );
}
