import { NEW_CARDS_PER_DAY_MAX, ZNewCardsPerDay } from '@learnboost/api/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { ModalFormButton } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useFieldErrors } from '../../../lib/field-errors';
import { useSubmit } from '../../../lib/use-submit';
import { updateNewCardLimit } from '../api/update-new-card-limit';
import { useFlashcards } from '../flashcards-store';

/**
 * Today's new-card limit, said where the counts are: a deck's new cards count as due, but a
 * session starts only so many of them a day, so "22 due now" can mean "13 to go". The learner
 * changes the limit here.
 */
// The field as the api reads it: an empty field is no number at all.
const ZLimitField = z.object({ limit: ZNewCardsPerDay });

export function NewCardLimit() {
  const newLeft = useFlashcards((s) => s.newLeft);
  const perDay = useFlashcards((s) => s.newCardsPerDay);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const { busy, submit } = useSubmit('Could not change the new-card limit');
  const fieldErrors = useFieldErrors();
  if (perDay === null) return null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = fieldErrors.check(ZLimitField, { limit: value.trim() === '' ? Number.NaN : Number(value) });
    if (!checked) return;
    const { limit } = checked;
    await submit(async () => {
      await updateNewCardLimit(limit);
      toast.success(`New cards per day: ${limit}`);
      setOpen(false);
      await useFlashcards.getState().load();
    });
  }

  return (
    <div
      className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600 dark:text-slate-300"
      data-testid="new-card-limit"
    >
      <span>
        New cards: at most {perDay} a day ({newLeft} more today)
      </span>
      <ModalFormButton
        trigger={{
          label: 'Change',
          className: 'px-2 py-0.5 text-sm',
          'aria-label': 'Change the number of new cards a day',
        }}
        onOpen={() => {
          setValue(String(perDay));
          fieldErrors.reset();
        }}
        open={open}
        onOpenChange={setOpen}
        title="New cards per day"
        busy={busy}
        onSubmit={onSubmit}
        submitLabel="Save"
      >
        <TextField
          label="New cards per day"
          hint={`How many cards never studied a session may start each day (0 to ${NEW_CARDS_PER_DAY_MAX.toLocaleString('en-US')}). Reviews of cards already studied are never limited.`}
          type="number"
          min={0}
          max={NEW_CARDS_PER_DAY_MAX}
          {...fieldErrors.bind('limit', value, setValue)}
        />
      </ModalFormButton>
    </div>
  );
}
