import type { TStudySession } from '@learnboost/api/contract';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { updateSession } from '../api/update-session';
import { toLocalInput } from '../local-date-time';
import { useStudyPlanner } from '../study-planner-store';
import { SessionFormDialog } from './session-form-dialog';

/** Change a planned session in place: its title, subject, length or time. */
export function EditSessionDialog({ session }: { session: TStudySession }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Edit ${session.title}`}
        title="Edit session"
        className="rounded p-1 text-slate-600 hover:bg-indigo-100 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-indigo-950 dark:hover:text-indigo-200"
      >
        <Pencil aria-hidden="true" className="size-4" />
      </button>
      <SessionFormDialog
        open={open}
        onOpenChange={setOpen}
        title="Edit Session"
        submitLabel="Save Changes"
        initial={() => ({
          title: session.title,
          subject: session.subject,
          duration: String(session.duration),
          scheduledAt: toLocalInput(new Date(session.scheduledAt)),
        })}
        failMessage="Failed to save the session"
        save={async (body) => {
          useStudyPlanner.getState().changed(await updateSession(session.id, body));
          toast.success('Session updated');
        }}
      />
    </>
  );
}
