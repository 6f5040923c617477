import type { TFlashcard } from '@learnboost/api/contract';
import { toast } from 'sonner';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { toastFailure } from '../../../lib/errors';
import { deleteFlashcard } from '../api/delete-flashcard';
import { sideText } from '../card-sides';
import { useDeckChoice } from '../deck-context';
import { useFlashcards } from '../flashcards-store';

/** Deleting is final (the card's reviews go with it), so it is asked once more. */
export function DeleteFlashcardDialog({ card }: { card: TFlashcard }) {
  const { cardsChanged } = useDeckChoice();

  async function remove() {
    try {
      await deleteFlashcard(card.id);
      useFlashcards.getState().removed(card.id);
      cardsChanged();
      toast.success('Flashcard deleted');
      return true;
    } catch (error) {
      toastFailure('Could not delete the flashcard', error);
      return false;
    }
  }

  return (
    <ConfirmDeleteButton
      title="Delete Flashcard"
      description={`“${sideText(card, 'question')}” and its review history will be deleted. This cannot be undone.`}
      onConfirm={remove}
    />
  );
}
