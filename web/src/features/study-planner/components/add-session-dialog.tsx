import { DEFAULT_SESSION_MINUTES } from '@learnboost/api/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { createSession } from '../api/create-session';
import { nextFullHourInput } from '../local-date-time';
import { useStudyPlanner } from '../study-planner-store';
import { startOfWeek } from '../week';
import { SessionFormDialog } from './session-form-dialog';

// A dialog opened later starts at the hour after that moment, not after the page's first load.
const emptyForm = () => ({
  title: '',
  subject: '',
  duration: String(DEFAULT_SESSION_MINUTES),
  scheduledAt: nextFullHourInput(),
});

export function AddSessionDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>+ Add Session</Button>
      <SessionFormDialog
        open={open}
        onOpenChange={setOpen}
        title="Add Session"
        submitLabel="Add Session"
        initial={emptyForm}
        failMessage="Failed to create session"
        save={async (body) => {
          const session = await createSession(body);
          toast.success('Session added!');
          const planner = useStudyPlanner.getState();
          const itsWeek = startOfWeek(new Date(session.scheduledAt));
          // Show the learner where the session landed, even in another week.
          if (itsWeek.getTime() === planner.weekStart.getTime()) planner.added(session);
          else await planner.showWeek(itsWeek);
        }}
      />
    </>
  );
}
