import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { createFlashcard } from '../api/create-flashcard';
import { useDeckChoice } from '../deck-context';
import { useFlashcards } from '../flashcards-store';
import { FlashcardFormDialog } from './flashcard-form-dialog';

export function AddFlashcardDialog() {
  const [open, setOpen] = useState(false);
  const { decks, deckId, cardsChanged } = useDeckChoice();
  // A new card goes to the deck being studied, else to the default deck.
  const initialDeck = deckId ?? decks.find((d) => d.isDefault)?.id ?? '';
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="size-4" />
        Add Flashcard
      </Button>
      <FlashcardFormDialog
        open={open}
        onOpenChange={setOpen}
        title="Add New Flashcard"
        submitLabel="Create Flashcard"
        anotherLabel="Create and add another"
        initial={{ kind: 'basic', question: '', answer: '', deckId: initialDeck }}
        failMessage="Failed to create flashcard"
        save={async (body) => {
          useFlashcards.getState().added(await createFlashcard(body));
          cardsChanged();
          toast.success('Flashcard created!');
        }}
      />
    </>
  );
}
