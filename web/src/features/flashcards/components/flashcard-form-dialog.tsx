import {
  clozeNumbers,
  type TCardKind,
  type TCreateFlashcardBody,
  ZCreateFlashcardBody,
} from '@learnboost/api/contract';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { CardTextFields } from '../../../components/card-text-fields';
import { DeckSelect } from '../../../components/deck-select';
import { Button } from '../../../components/ui/button';
import { ModalForm } from '../../../components/ui/modal';
import { useFieldErrors } from '../../../lib/field-errors';
import { useSubmit } from '../../../lib/use-submit';
import { useDeckChoice } from '../deck-context';
import { CardContent } from './card-content';

/** What the fields hold when the dialog opens. */
export interface FlashcardFormValues {
  kind: TCardKind;
  question: string;
  answer: string;
  /** '' lets the api choose: the learner's default deck. */
  deckId: string;
}

interface FlashcardFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  /** A second button that saves and clears the fields for the next card ("Create and add another"). */
  anotherLabel?: string;
  initial: FlashcardFormValues;
  /** Editing keeps the card's kind: a card's history belongs to what it asks. */
  kindFixed?: boolean;
  /** Saves the card; a throw keeps the dialog open and shows `failMessage` with the api's reason. */
  save: (body: TCreateFlashcardBody) => Promise<void>;
  failMessage: string;
}

/** Both kinds of card, checked as the api checks them: adding a card and editing one. */
export function FlashcardFormDialog({
  submitLabel,
  anotherLabel,
  initial,
  kindFixed,
  save,
  failMessage,
  ...dialog
}: FlashcardFormDialogProps) {
  const { open, onOpenChange } = dialog;
  const { decks } = useDeckChoice();
  const [kind, setKind] = useState(initial.kind);
  const [question, setQuestion] = useState(initial.question);
  const [answer, setAnswer] = useState(initial.answer);
  const [deckId, setDeckId] = useState(initial.deckId);
  const { busy, submit } = useSubmit(failMessage);
  const fieldErrors = useFieldErrors();
  const questionRef = useRef<HTMLTextAreaElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refilled on opening only, not while the learner types.
  useEffect(() => {
    if (!open) return;
    setKind(initial.kind);
    setQuestion(initial.question);
    setAnswer(initial.answer);
    setDeckId(initial.deckId);
    fieldErrors.reset();
  }, [open]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const another = (event.nativeEvent as SubmitEvent).submitter?.dataset.another === 'true';
    const body = fieldErrors.check(ZCreateFlashcardBody, { kind, question, answer, deckId: deckId || undefined });
    if (!body) return;
    await submit(async () => {
      await save(body);
      if (another) {
        setQuestion('');
        setAnswer('');
        questionRef.current?.focus();
      } else onOpenChange(false);
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Ctrl+Enter (Cmd+Enter on a Mac) saves from any field, as in most card editors.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  const numbers = kind === 'cloze' ? clozeNumbers(question) : [];
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
      <CardTextFields
        kind={kind}
        onKindChange={kindFixed ? undefined : setKind}
        question={fieldErrors.bind('question', question, setQuestion)}
        answer={fieldErrors.bind('answer', answer, setAnswer)}
        onKeyDown={onKeyDown}
        questionRef={questionRef}
      />
      {numbers.length > 0 && (
        <section aria-label="Preview" className="flex flex-col gap-1.5 text-sm">
          <h3 className="font-medium text-slate-700 dark:text-slate-200">
            Preview: {numbers.length} {numbers.length === 1 ? 'card' : 'cards'}
          </h3>
          <ol className="flex flex-col gap-1 text-slate-800 dark:text-slate-100">
            {numbers.map((n) => (
              <li key={n} className="rounded-md bg-slate-100 px-2 py-1 dark:bg-slate-800">
                <CardContent
                  card={{ kind: 'cloze', clozeOrdinal: n, question, answer: '', format: 'text' }}
                  side="question"
                />
              </li>
            ))}
          </ol>
        </section>
      )}
      {decks.length > 0 && <DeckSelect label="Deck" decks={decks} value={deckId} onChange={setDeckId} />}
    </ModalForm>
  );
}
