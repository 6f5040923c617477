import * as Label from '@radix-ui/react-label';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';
import type { FieldError } from '../../lib/field-errors';

/** The look of every text control (inputs and text areas), in both themes. */
export const fieldControl = cn(
  'rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm',
  'placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30',
  'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400',
  'aria-[invalid=true]:border-rose-600 dark:aria-[invalid=true]:border-rose-400',
);

/** What a control needs to be read with its hint and its error: `aria-describedby` and `aria-invalid`. */
export type DescribedBy = { 'aria-describedby'?: string; 'aria-invalid'?: true };

interface LabelledFieldProps {
  label: string;
  /** A rule the learner should know before typing ("At least 6 characters"), read with the control. */
  hint?: string;
  /** A broken rule, said beside the control (or only marked, when a toast says it). */
  error?: FieldError;
  className?: string;
  /** The control, given the id its label points at and what describes it (hint, error). */
  children: (id: string, described: DescribedBy) => ReactNode;
}

/** A visible label over its control; the label is also the control's accessible name. */
export function LabelledField({ label, hint, error, className, children }: LabelledFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = typeof error === 'string' ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label.Root htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </Label.Root>
      {children(id, { 'aria-describedby': describedBy, ...(error ? { 'aria-invalid': true as const } : {}) })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      )}
      {errorId && (
        <p id={errorId} className="text-sm font-medium text-rose-700 dark:text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  error?: FieldError;
}

/** A labelled input. */
export function TextField({ label, hint, error, className, ...props }: TextFieldProps) {
  return (
    <LabelledField label={label} hint={hint} error={error}>
      {(id, described) => <input id={id} {...described} className={cn(fieldControl, className)} {...props} />}
    </LabelledField>
  );
}
