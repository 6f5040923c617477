import type { TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { fieldControl, LabelledField } from './text-field';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
}

/** A labelled multi-line field: questions and answers are often longer than one line. */
export function TextAreaField({ label, className, ...props }: TextAreaFieldProps) {
  return (
    <LabelledField label={label}>
      {(id) => <textarea id={id} className={cn(fieldControl, className)} {...props} />}
    </LabelledField>
  );
}
