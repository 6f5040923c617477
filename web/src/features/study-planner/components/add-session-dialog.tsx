import { DEFAULT_SESSION_MINUTES, ZCreateSessionBody } from '@learnboost/api/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { toastFailure } from '../../../lib/errors';
import { createSession } from '../api/create-session';
import { localInputToIso, nextFullHourInput } from '../local-date-time';
import { useStudyPlanner } from '../study-planner-store';
import { startOfWeek } from '../week';

const emptyForm = () => ({
  title: '',
  subject: '',
  duration: String(DEFAULT_SESSION_MINUTES),
  scheduledAt: nextFullHourInput(),
});
type SessionForm = ReturnType<typeof emptyForm>;

export function AddSessionDialog() {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(emptyForm);
  const [busy, setBusy] = useState(false);
  const field = (name: keyof SessionForm) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // The field holds wall-clock time with no zone; the server needs the instant it means here.
    const scheduledAt = form.scheduledAt ? (localInputToIso(form.scheduledAt) ?? form.scheduledAt) : '';
    const parsed = ZCreateSessionBody.safeParse({ ...form, scheduledAt });
    if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message ?? 'Failed to create session');
    setBusy(true);
    try {
      // The offset form, not the parsed UTC one: both name the same instant, this one reads as typed.
      const session = await createSession({ ...parsed.data, scheduledAt });
      toast.success('Session added!');
      setForm(emptyForm());
      setOpen(false);
      const planner = useStudyPlanner.getState();
      const itsWeek = startOfWeek(new Date(session.scheduledAt));
      // Show the learner where the session landed, even in another week.
      if (itsWeek.getTime() === planner.weekStart.getTime()) planner.added(session);
      else await planner.showWeek(itsWeek);
    } catch (error) {
      console.error('Could not create the session', error);
      toastFailure('Failed to create session', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        onClick={() => {
          // A dialog opened later starts at the hour after that moment, not the page's first load.
          if (!form.title && !form.subject) setForm(emptyForm());
          setOpen(true);
        }}
      >
        + Add Session
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Add Session">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
          <TextField label="Session Title" name="title" {...field('title')} />
          <TextField label="Subject" name="subject" {...field('subject')} />
          <TextField
            label="Duration (minutes)"
            name="duration"
            type="number"
            min={1}
            max={1440}
            {...field('duration')}
          />
          <TextField label="Scheduled Date & Time" name="scheduledAt" type="datetime-local" {...field('scheduledAt')} />
          <Button type="submit" disabled={busy}>
            Add Session
          </Button>
        </form>
      </Modal>
    </>
  );
}
