import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import type { FieldError } from '../../lib/field-errors';
import { fieldControl, LabelledField } from './text-field';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** A rule the learner should know before typing (a syntax), read with the field. */
  hint?: string;
  error?: FieldError;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field: questions and answers are often longer than one line. */
export function TextAreaField({ label, hint, error, className, ref, ...props }: TextAreaFieldProps) {
  return (
    <LabelledField label={label} hint={hint} error={error}>
      {(id, described) => (
        <textarea id={id} ref={ref} {...described} className={cn(fieldControl, className)} {...props} />
      )}
    </LabelledField>
  );
}
