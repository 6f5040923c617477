import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { createFlashcard } from '../api/create-flashcard';
import { useFlashcards } from '../flashcards-store';
import { FlashcardFormDialog } from './flashcard-form-dialog';

const EMPTY = { question: '', answer: '' };

export function AddFlashcardDialog() {
  const [open, setOpen] = useState(false);
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
        initial={EMPTY}
        failMessage="Failed to create flashcard"
        save={async (body) => {
          useFlashcards.getState().added(await createFlashcard(body));
          toast.success('Flashcard created!');
        }}
      />
    </>
  );
}
