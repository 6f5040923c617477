import * as Label from '@radix-ui/react-label';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

/** The look of every text control (inputs and text areas), in both themes. */
export const fieldControl = cn(
  'rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm',
  'placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30',
  'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400',
);

interface LabelledFieldProps {
  label: string;
  /** A rule the learner should know before typing ("At least 6 characters"), read with the control. */
  hint?: string;
  className?: string;
  /** The control, given the id its label points at and the id of its hint, if any. */
  children: (id: string, hintId?: string) => ReactNode;
}

/** A visible label over its control; the label is also the control's accessible name. */
export function LabelledField({ label, hint, className, children }: LabelledFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label.Root htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </Label.Root>
      {children(id, hintId)}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
}

/** A labelled input. */
export function TextField({ label, hint, className, ...props }: TextFieldProps) {
  return (
    <LabelledField label={label} hint={hint}>
      {(id, hintId) => <input id={id} aria-describedby={hintId} className={cn(fieldControl, className)} {...props} />}
    </LabelledField>
  );
}
