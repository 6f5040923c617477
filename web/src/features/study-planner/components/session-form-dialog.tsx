import { type TCreateSessionBody, ZCreateSessionBody } from '@learnboost/api/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { ModalForm } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useFieldErrors } from '../../../lib/field-errors';
import { useSubmit } from '../../../lib/use-submit';
import { localInputToIso } from '../local-date-time';

/** What the fields hold: text as typed, the time as the datetime-local field shows it. */
export type SessionForm = { title: string; subject: string; duration: string; scheduledAt: string };

interface SessionFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  /** What the fields hold each time the dialog opens. */
  initial: () => SessionForm;
  /** Saves the session; a throw keeps the dialog open and shows `failMessage` with the api's reason. */
  save: (body: TCreateSessionBody) => Promise<void>;
  failMessage: string;
}

/** Session Title, Subject, Duration and Scheduled Date & Time: adding a session and editing one. */
export function SessionFormDialog({ submitLabel, initial, save, failMessage, ...dialog }: SessionFormDialogProps) {
  const { open, onOpenChange } = dialog;
  const [form, setForm] = useState(initial);
  const { busy, submit } = useSubmit(failMessage);
  const fieldErrors = useFieldErrors();
  const field = (name: keyof SessionForm) =>
    fieldErrors.bind(name, form[name], (value) => setForm((f) => ({ ...f, [name]: value })));

  // biome-ignore lint/correctness/useExhaustiveDependencies: refilled on opening only, not while the learner types.
  useEffect(() => {
    if (!open) return;
    setForm(initial());
    fieldErrors.reset();
  }, [open]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // The field holds wall-clock time with no zone; the server needs the instant it means here.
    const scheduledAt = form.scheduledAt ? (localInputToIso(form.scheduledAt) ?? form.scheduledAt) : '';
    const body = fieldErrors.check(ZCreateSessionBody, { ...form, scheduledAt });
    if (!body) return;
    await submit(async () => {
      // The offset form, not the parsed UTC one: both name the same instant, this one reads as typed.
      await save({ ...body, scheduledAt });
      onOpenChange(false);
    });
  }

  return (
    <ModalForm {...dialog} busy={busy} onSubmit={onSubmit} submitLabel={submitLabel}>
      <TextField label="Session Title" name="title" {...field('title')} />
      <TextField label="Subject" name="subject" {...field('subject')} />
      <TextField label="Duration (minutes)" name="duration" type="number" min={1} max={1440} {...field('duration')} />
      <TextField label="Scheduled Date & Time" name="scheduledAt" type="datetime-local" {...field('scheduledAt')} />
    </ModalForm>
  );
}
