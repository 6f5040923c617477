import {
  ENTER_TEXT,
  FILL_ALL_FIELDS,
  FILL_BOTH,
  NAME_AND_TEXT,
  ROOM_CARD_FIELDS_REQUIRED,
  ROOM_FIELDS_REQUIRED,
  TYPE_A_QUESTION,
} from '@learnboost/api/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';

/** The spec's own form sentences: they stay toasts, as the spec shows them. */
const SPEC_TOASTS = new Set([
  FILL_BOTH,
  FILL_ALL_FIELDS,
  NAME_AND_TEXT,
  ROOM_FIELDS_REQUIRED,
  ROOM_CARD_FIELDS_REQUIRED,
  TYPE_A_QUESTION,
  ENTER_TEXT,
]);
// One form toast at a time: a second submit replaces it instead of stacking another.
const FORM_TOAST = 'form-check';

/** A field's error: its sentence, shown beside it, or `true` when the toast already says it. */
export type FieldError = string | true | undefined;

/**
 * A form's own check before anything is sent, with each broken rule said beside its field
 * (`errorOf(name)`), the first invalid field focused. The spec's sentences ("Please fill in all
 * fields") stay toasts, and their fields are only marked invalid, so no sentence shows twice.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});

  function check<S extends z.ZodType>(schema: S, values: unknown): z.output<S> | null {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      toast.dismiss(FORM_TOAST);
      return parsed.data;
    }
    const next: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field !== undefined) next[String(field)] ??= issue.message;
    }
    setErrors(next);
    const first = parsed.error.issues[0];
    // A rule about the whole form, or one the spec words as a toast, is a toast.
    if (first && (first.path.length === 0 || SPEC_TOASTS.has(first.message)))
      toast.error(first.message, { id: FORM_TOAST });
    else toast.dismiss(FORM_TOAST);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    return null;
  }

  /** Forgets a field's error once the learner changes it. */
  function clear(field: string) {
    setErrors((e) => {
      if (!(field in e)) return e;
      const { [field]: _, ...rest } = e;
      return rest;
    });
  }

  const errorOf = (field: string): FieldError => {
    const message = errors[field];
    return message === undefined ? undefined : SPEC_TOASTS.has(message) ? true : message;
  };

  /** A text field's value, its error and a change that also forgets the error: spread onto the field. */
  const bind = (field: string, value: string, set: (value: string) => void) => ({
    value,
    error: errorOf(field),
    onChange: (event: { target: { value: string } }) => {
      set(event.target.value);
      clear(field);
    },
  });

  return { check, clear, errorOf, bind, reset: () => setErrors({}) };
}
