import * as Label from '@radix-ui/react-label';
import { type InputHTMLAttributes, useId } from 'react';
import { cn } from '../../lib/cn';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
}

/** The look of every text control (inputs and text areas), in both themes. */
export const fieldControl = cn(
  'rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm',
  'placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30',
  'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400',
);

/** A labelled input; the visible label is also its accessible name. */
export function TextField({ label, className, ...props }: TextFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label.Root htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </Label.Root>
      <input id={id} className={cn(fieldControl, className)} {...props} />
    </div>
  );
}
