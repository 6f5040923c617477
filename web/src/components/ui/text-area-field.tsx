import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { fieldControl, LabelledField } from './text-field';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** A rule the learner should know before typing (a syntax), read with the field. */
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field: questions and answers are often longer than one line. */
export function TextAreaField({ label, hint, className, ref, ...props }: TextAreaFieldProps) {
  return (
    <LabelledField label={label} hint={hint}>
      {(id, hintId) => (
        <textarea id={id} ref={ref} aria-describedby={hintId} className={cn(fieldControl, className)} {...props} />
      )}
    </LabelledField>
  );
}
