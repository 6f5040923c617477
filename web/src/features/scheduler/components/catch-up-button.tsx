import type { TBacklog } from '@learnboost/api/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ModalFormButton } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useSubmit } from '../../../lib/use-submit';
import { getBacklog, setCatchUp } from '../api/scheduler';

/**
 * "Catch up gently", on the Flashcards screen when more cards are overdue than three usual days:
 * the backlog comes a share a day, most forgotten first; the cards themselves do not change.
 */
export function CatchUpButton({ onChanged }: { onChanged: () => void }) {
  const [backlog, setBacklog] = useState<TBacklog | null>(null);
  const [open, setOpen] = useState(false);
  const [perDay, setPerDay] = useState('');
  const { busy, submit } = useSubmit('Catching up could not be set');
  useEffect(() => {
    getBacklog()
      .then(setBacklog)
      .catch(() => {});
  }, []);
  if (!backlog || (!backlog.offered && backlog.catchUpPerDay === null)) return null;

  const save = (value: number | null) =>
    submit(async () => {
      await setCatchUp(value);
      setBacklog(await getBacklog());
      setOpen(false);
      onChanged();
    });

  return (
    <ModalFormButton
      trigger={{
        label: backlog.catchUpPerDay === null ? 'Catch up gently' : `Catching up: ${backlog.catchUpPerDay} a day`,
      }}
      onOpen={() => setPerDay(String(backlog.catchUpPerDay ?? backlog.suggestedPerDay))}
      open={open}
      onOpenChange={setOpen}
      title="Catch up gently"
      busy={busy}
      submitLabel="Catch up gently"
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        void save(Math.max(1, Math.round(Number(perDay)) || backlog.suggestedPerDay));
      }}
      actions={
        backlog.catchUpPerDay !== null ? (
          <>
            <Button variant="ghost" onClick={() => void save(null)} disabled={busy}>
              Stop catching up
            </Button>
            <Button type="submit" disabled={busy}>
              Catch up gently
            </Button>
          </>
        ) : undefined
      }
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {backlog.overdue} cards are overdue; you usually review {backlog.usualLoad} a day. They will come a few a day,
        the ones you are most likely to have forgotten first. No review is lost and no card’s schedule changes.
      </p>
      <TextField
        label="Overdue cards a day"
        type="number"
        min={1}
        value={perDay}
        onChange={(e) => setPerDay(e.target.value)}
        hint={`At this pace the backlog is cleared in about ${Math.ceil(backlog.overdue / Math.max(1, Number(perDay) || 1))} days.`}
      />
    </ModalFormButton>
  );
}
