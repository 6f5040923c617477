import { ZWeeklyGoalMinutes } from '@learnboost/api/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toastFailure } from '../../../lib/errors';
import { useFieldErrors } from '../../../lib/field-errors';
import { updateWeeklyGoal } from '../api/update-weekly-goal';
import { useOverview } from '../overview-store';

// The field as the api reads it: an empty field is no number at all.
const ZGoalField = z.object({ minutes: ZWeeklyGoalMinutes });
const asNumber = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

export function WeeklyGoalForm() {
  const current = useOverview((s) => s.overview?.weeklyGoalMinutes);
  const [minutes, setMinutes] = useState('');
  const [saving, setSaving] = useState(false);
  const fieldErrors = useFieldErrors();

  async function save(event: FormEvent) {
    event.preventDefault();
    const goal = fieldErrors.check(ZGoalField, { minutes: asNumber(minutes) });
    if (!goal) return;
    setSaving(true);
    try {
      await updateWeeklyGoal(goal.minutes);
      await useOverview.getState().load();
      setMinutes('');
      toast.success('Weekly goal saved');
    } catch (error) {
      toastFailure('Could not save the weekly goal', error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void save(e)} className="mt-4 flex flex-wrap items-end gap-2">
      <TextField
        label="Weekly goal (minutes)"
        type="number"
        inputMode="numeric"
        placeholder={current ? String(current) : '300'}
        {...fieldErrors.bind('minutes', minutes, setMinutes)}
        className="w-40"
      />
      <Button type="submit">{saving ? 'Saving...' : 'Set goal'}</Button>
    </form>
  );
}
