import * as Label from '@radix-ui/react-label';
import { type TextareaHTMLAttributes, useId } from 'react';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
}

/** A labelled multi-line field: questions and answers are often longer than one line. */
export function TextAreaField({ label, className, ...props }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label.Root htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </Label.Root>
      <textarea
        id={id}
        className={`rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 ${className ?? ''}`}
        {...props}
      />
    </div>
  );
}
