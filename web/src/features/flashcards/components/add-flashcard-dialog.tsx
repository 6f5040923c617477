import { ZCreateFlashcardBody } from '@learnboost/api/contract';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { createFlashcard } from '../api/create-flashcard';
import { useFlashcards } from '../flashcards-store';

export function AddFlashcardDialog() {
  const [open, setOpen] = useState(false);
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = ZCreateFlashcardBody.safeParse({ question, answer });
    if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message ?? 'Failed to create flashcard');
    setBusy(true);
    try {
      useFlashcards.getState().added(await createFlashcard(parsed.data));
      toast.success('Flashcard created!');
      setQuestion('');
      setAnswer('');
      setOpen(false);
    } catch (error) {
      console.error('Could not create the flashcard', error);
      toast.error('Failed to create flashcard');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="size-4" />
        Add Flashcard
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Add New Flashcard">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
          <TextAreaField label="Question" rows={3} value={question} onChange={(e) => setQuestion(e.target.value)} />
          <TextAreaField label="Answer" rows={3} value={answer} onChange={(e) => setAnswer(e.target.value)} />
          <Button type="submit" disabled={busy}>
            Create Flashcard
          </Button>
        </form>
      </Modal>
    </>
  );
}
