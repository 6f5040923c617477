import type { TDeckExam } from '@learnboost/api/contract';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ModalFormButton } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { dayMonthYear } from '../../../lib/dates';
import { useSubmit } from '../../../lib/use-submit';
import { getDeckExam, setDeckExam } from '../api/scheduler';

const percent = (r: number) => `${Math.round(r * 100)}%`;
const dateOf = (day: string) => dayMonthYear.format(new Date(`${day}T12:00:00`));

/** A deck's exam date, and the retention predicted on that day; set or removed in a dialog. */
export function DeckExamButton({ deckId, onChanged }: { deckId: string | null; onChanged: () => void }) {
  const [exam, setExam] = useState<TDeckExam | null>(null);
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState('');
  const { busy, submit } = useSubmit('The exam date could not be saved');
  const load = useCallback(() => {
    if (!deckId) return setExam(null);
    getDeckExam(deckId)
      .then(setExam)
      .catch(() => setExam(null));
  }, [deckId]);
  useEffect(load, [load]);
  if (!deckId) return null;

  const save = (examDate: string | null) =>
    submit(async () => {
      await setDeckExam(deckId, examDate);
      setOpen(false);
      load();
      onChanged();
    });

  const label = exam?.examDate
    ? `Exam ${dateOf(exam.examDate)}${exam.predictedRetention !== null ? ` · ${percent(exam.predictedRetention)} predicted` : ''}`
    : 'Exam date';
  return (
    <ModalFormButton
      trigger={{ label }}
      onOpen={() => setDate(exam?.examDate ?? '')}
      open={open}
      onOpenChange={setOpen}
      title="Exam date"
      busy={busy}
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        void save(date || null);
      }}
      actions={
        <>
          {exam?.examDate && (
            <Button variant="ghost" onClick={() => void save(null)} disabled={busy}>
              Remove the exam
            </Button>
          )}
          <Button type="submit" disabled={busy}>
            Save
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Until the exam, every card of this deck comes back at least once in its last days, the ones you are most likely
        to forget first. After it, the deck returns to its normal schedule.
        {exam?.predictedRetention != null &&
          ` Predicted retention on the exam day: ${percent(exam.predictedRetention)} (${exam.windowDays} last days reviewed).`}
      </p>
      <TextField label="Exam day" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
    </ModalFormButton>
  );
}
