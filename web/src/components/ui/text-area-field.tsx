import * as Label from '@radix-ui/react-label';
import { type TextareaHTMLAttributes, useId } from 'react';
import { cn } from '../../lib/cn';
import { fieldControl } from './text-field';

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
      <textarea id={id} className={cn(fieldControl, className)} {...props} />
    </div>
  );
}
