import {
  clozeNumbers,
  type TCardKind,
  type TCreateFlashcardBody,
  ZCreateFlashcardBody,
} from '@learnboost/api/contract';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { DeckSelect } from '../../../components/deck-select';
import { Button } from '../../../components/ui/button';
import { ModalForm } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/text-area-field';
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

const CLOZE_HINT =
  'Hide words as {{c1::answer}} or {{c1::answer::hint}}; each number becomes its own card. Select words, then press Ctrl+Shift+C or the button.';

/** `{{cN::selection}}` with the next number, as Anki's Ctrl+Shift+C does. */
function wrapSelection(area: HTMLTextAreaElement): { text: string; caret: number } {
  const { value, selectionStart: start, selectionEnd: end } = area;
  const n = Math.max(0, ...clozeNumbers(value)) + 1;
  const open = `{{c${n}::`;
  const text = `${value.slice(0, start)}${open}${value.slice(start, end)}}}${value.slice(end)}`;
  // Nothing selected: the caret waits inside for the answer; else it goes past the deletion.
  return { text, caret: start === end ? start + open.length : end + open.length + 2 };
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
  const kindName = useId();

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

  function wrap() {
    const area = questionRef.current;
    if (!area) return;
    const { text, caret } = wrapSelection(area);
    setQuestion(text);
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(caret, caret);
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Ctrl+Enter (Cmd+Enter on a Mac) saves from any field, as in most card editors.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    } else if (
      kind === 'cloze' &&
      event.currentTarget === questionRef.current &&
      event.key.toLowerCase() === 'c' &&
      event.shiftKey &&
      (event.ctrlKey || event.metaKey)
    ) {
      event.preventDefault();
      wrap();
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
      {!kindFixed && (
        <fieldset className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">Card type</legend>
          {(
            [
              ['basic', 'Basic'],
              ['cloze', 'Cloze'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-100">
              <input
                type="radio"
                name={kindName}
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                className="size-4 accent-indigo-600"
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      {kind === 'basic' ? (
        <>
          <TextAreaField
            ref={questionRef}
            label="Question"
            rows={3}
            {...fieldErrors.bind('question', question, setQuestion)}
            onKeyDown={onKeyDown}
          />
          <TextAreaField
            label="Answer"
            rows={3}
            {...fieldErrors.bind('answer', answer, setAnswer)}
            onKeyDown={onKeyDown}
          />
        </>
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <TextAreaField
              ref={questionRef}
              label="Text"
              hint={CLOZE_HINT}
              rows={4}
              {...fieldErrors.bind('question', question, setQuestion)}
              onKeyDown={onKeyDown}
              aria-keyshortcuts="Control+Shift+C"
            />
            <Button
              variant="ghost"
              onClick={wrap}
              className="self-start border border-slate-300 dark:border-slate-600"
              aria-keyshortcuts="Control+Shift+C"
            >
              Cloze deletion [...]
            </Button>
          </div>
          <TextAreaField
            label="Extra"
            rows={2}
            {...fieldErrors.bind('answer', answer, setAnswer)}
            onKeyDown={onKeyDown}
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
        </>
      )}
      {decks.length > 0 && <DeckSelect label="Deck" decks={decks} value={deckId} onChange={setDeckId} />}
    </ModalForm>
  );
}
