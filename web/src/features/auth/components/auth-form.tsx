import type { TAuthResponse } from '@learnboost/api/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toastFailure } from '../../../lib/errors';
import { useFieldErrors } from '../../../lib/field-errors';
import { useAuth } from '../auth-store';
import { useReturnPath } from '../return-path';

export interface AuthField {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  hint?: string;
}

interface AuthFormProps<S extends z.ZodType> {
  fields: AuthField[];
  /** The api's own body schema: the form refuses what the api would, in its words. */
  schema: S;
  send: (body: z.output<S>) => Promise<TAuthResponse>;
  submitLabel: string;
  busyLabel: string;
  successMessage: string;
  failMessage: string;
}

/** Sign-in and sign-up: fields checked as the api checks them, then in and on to where the learner was headed. */
export function AuthForm<S extends z.ZodType>({
  fields,
  schema,
  send,
  submitLabel,
  busyLabel,
  successMessage,
  failMessage,
}: AuthFormProps<S>) {
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, ''])),
  );
  const [busy, setBusy] = useState(false);
  const fieldErrors = useFieldErrors();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body = fieldErrors.check(schema, values);
    if (!body) return;

    setBusy(true);
    try {
      useAuth.getState().signIn(await send(body));
      toast.success(successMessage);
      navigate(returnPath, { replace: true });
    } catch (error) {
      toastFailure(failMessage, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
      {fields.map((f) => (
        <TextField
          key={f.name}
          label={f.label}
          hint={f.hint}
          type={f.type}
          name={f.name}
          autoComplete={f.autoComplete}
          {...fieldErrors.bind(f.name, values[f.name] ?? '', (value) => setValues((v) => ({ ...v, [f.name]: value })))}
        />
      ))}
      <Button type="submit" className="mt-2 w-full">
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
