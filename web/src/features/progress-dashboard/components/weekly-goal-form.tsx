import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { messageOf } from '../../../lib/errors';
import { updateWeeklyGoal } from '../api/update-weekly-goal';
import { useOverview } from '../overview-store';

export function WeeklyGoalForm() {
  const current = useOverview((s) => s.overview?.weeklyGoalMinutes);
  const [minutes, setMinutes] = useState('');
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const value = Number(minutes);
    if (!minutes.trim() || !Number.isInteger(value) || value < 10 || value > 10_080) {
      toast.error('The weekly goal is between 10 and 10,080 minutes');
      return;
    }
    setSaving(true);
    try {
      await updateWeeklyGoal(value);
      await useOverview.getState().load();
      setMinutes('');
      toast.success('Weekly goal saved');
    } catch (error) {
      toast.error(messageOf(error, 'Could not save the weekly goal'));
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
        value={minutes}
        onChange={(e) => setMinutes(e.target.value)}
        className="w-40"
      />
      <Button type="submit">{saving ? 'Saving...' : 'Set goal'}</Button>
    </form>
  );
}
