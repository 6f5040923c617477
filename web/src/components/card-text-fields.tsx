import { clozeNumbers, type TCardKind } from '@learnboost/api/contract';
import { type KeyboardEvent, type RefObject, useId, useRef } from 'react';
import type { FieldError } from '../lib/field-errors';
import { Button } from './ui/button';
import { TextAreaField } from './ui/text-area-field';

// A card's kind and text, Basic or Cloze (contract/cloze.ts): a personal card's form and a room
// card's form alike, so both write cloze deletions the same way.

/** A text field as `useFieldErrors().bind` gives it. */
export interface BoundText {
  value: string;
  error?: FieldError;
  onChange: (event: { target: { value: string } }) => void;
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

export function CardTextFields({
  kind,
  onKindChange,
  question,
  answer,
  onKeyDown,
  questionRef,
}: {
  kind: TCardKind;
  /** Absent: the kind is fixed (an edit keeps it, as a card's history belongs to what it asks). */
  onKindChange?: (kind: TCardKind) => void;
  question: BoundText;
  answer: BoundText;
  /** Other keys (Ctrl+Enter saves): Ctrl+Shift+C in a cloze text is this component's. */
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  questionRef?: RefObject<HTMLTextAreaElement | null>;
}) {
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const ref = questionRef ?? ownRef;
  const kindName = useId();

  function wrap() {
    const area = ref.current;
    if (!area) return;
    const { text, caret } = wrapSelection(area);
    question.onChange({ target: { value: text } });
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(caret, caret);
    });
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (
      kind === 'cloze' &&
      event.currentTarget === ref.current &&
      event.key.toLowerCase() === 'c' &&
      event.shiftKey &&
      (event.ctrlKey || event.metaKey)
    ) {
      event.preventDefault();
      wrap();
    } else onKeyDown?.(event);
  }

  return (
    <>
      {onKindChange && (
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
                onChange={() => onKindChange(value)}
                className="size-4 accent-indigo-600"
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      {kind === 'basic' ? (
        <>
          <TextAreaField ref={ref} label="Question" rows={3} {...question} onKeyDown={keyDown} />
          <TextAreaField label="Answer" rows={3} {...answer} onKeyDown={keyDown} />
        </>
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <TextAreaField
              ref={ref}
              label="Text"
              hint={CLOZE_HINT}
              rows={4}
              {...question}
              onKeyDown={keyDown}
              aria-keyshortcuts="Control+Shift+C"
            />
            <Button variant="outline" onClick={wrap} className="self-start" aria-keyshortcuts="Control+Shift+C">
              Cloze deletion [...]
            </Button>
          </div>
          <TextAreaField label="Extra" rows={2} {...answer} onKeyDown={keyDown} />
        </>
      )}
    </>
  );
}
