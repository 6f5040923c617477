import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { fieldControl, LabelledField } from './text-field';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field: questions and answers are often longer than one line. */
export function TextAreaField({ label, className, ref, ...props }: TextAreaFieldProps) {
  return (
    <LabelledField label={label}>
      {(id) => <textarea id={id} ref={ref} className={cn(fieldControl, className)} {...props} />}
    </LabelledField>
  );
}
