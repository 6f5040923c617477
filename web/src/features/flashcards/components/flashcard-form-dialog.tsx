import { type TCreateFlashcardBody, ZCreateFlashcardBody } from '@learnboost/api/contract';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ModalForm } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { toastFailure } from '../../../lib/errors';

interface FlashcardFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  /** A second button that saves and clears the fields for the next card ("Create and add another"). */
  anotherLabel?: string;
  /** What the fields hold each time the dialog opens. */
  initial: TCreateFlashcardBody;
  /** Saves the card; a throw keeps the dialog open and shows `failMessage`. */
  save: (body: TCreateFlashcardBody) => Promise<void>;
  failMessage: string;
}

/** Question and Answer, checked as the api checks them: adding a card and editing one. */
export function FlashcardFormDialog({
  submitLabel,
  anotherLabel,
  initial,
  save,
  failMessage,
  ...dialog
}: FlashcardFormDialogProps) {
  const { open, onOpenChange } = dialog;
  const [question, setQuestion] = useState(initial.question);
  const [answer, setAnswer] = useState(initial.answer);
  const [busy, setBusy] = useState(false);
  const questionRef = useRef<HTMLTextAreaElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refilled on opening only, not while the learner types.
  useEffect(() => {
    if (!open) return;
    setQuestion(initial.question);
    setAnswer(initial.answer);
  }, [open]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const another = (event.nativeEvent as SubmitEvent).submitter?.dataset.another === 'true';
    const parsed = ZCreateFlashcardBody.safeParse({ question, answer });
    if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message ?? failMessage);
    setBusy(true);
    try {
      await save(parsed.data);
      if (another) {
        setQuestion('');
        setAnswer('');
        questionRef.current?.focus();
      } else onOpenChange(false);
    } catch (error) {
      console.error(failMessage, error);
      toastFailure(failMessage, error);
    } finally {
      setBusy(false);
    }
  }

  // Ctrl+Enter (Cmd+Enter on a Mac) saves from either field, as in most card editors.
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  return (
    <ModalForm
      {...dialog}
      busy={busy}
      onSubmit={onSubmit}
      actions={
        <>
          {anotherLabel && (
            <Button type="submit" variant="ghost" data-another="true" disabled={busy}>
              {anotherLabel}
            </Button>
          )}
          <Button type="submit" disabled={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <TextAreaField
        ref={questionRef}
        label="Question"
        rows={3}
        value={question}
        onChange={(e) => setQuestion(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <TextAreaField
        label="Answer"
        rows={3}
        value={answer}
        onChange={(e) => setAnswer(e.target.value)}
        onKeyDown={onKeyDown}
      />
    </ModalForm>
  );
}
