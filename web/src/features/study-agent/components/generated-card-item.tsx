import { type TGenerated, ZCreateFlashcardBody } from '@learnboost/api/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { firstIssue, toastFailure } from '../../../lib/errors';
import { updateGeneratedCard } from '../api/update-generated-card';

type Card = TGenerated['cards'][number];

/** One generated card, with Edit and Remove right where the learner reads it. */
export function GeneratedCardItem({
  card,
  onChanged,
  onRemove,
}: {
  card: Card;
  onChanged: (card: Card) => void;
  onRemove: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [question, setQuestion] = useState(card.question);
  const [answer, setAnswer] = useState(card.answer);
  const [busy, setBusy] = useState(false);

  async function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZCreateFlashcardBody.safeParse({ question, answer });
    if (!parsed.success) return void toast.error(firstIssue(parsed.error, 'Failed to save the flashcard'));
    setBusy(true);
    try {
      const saved = await updateGeneratedCard(card.id, parsed.data);
      onChanged({ id: saved.id, question: saved.question, answer: saved.answer });
      setEditing(false);
      toast.success('Flashcard updated');
    } catch (error) {
      toastFailure('Failed to save the flashcard', error);
    } finally {
      setBusy(false);
    }
  }

  if (editing) {
    return (
      <li className="rounded-lg border border-indigo-300 p-3 dark:border-indigo-700">
        <form noValidate onSubmit={onSave} className="flex flex-col gap-2" aria-busy={busy}>
          <TextAreaField label="Question" rows={2} value={question} onChange={(e) => setQuestion(e.target.value)} />
          <TextAreaField label="Answer" rows={2} value={answer} onChange={(e) => setAnswer(e.target.value)} />
          <div className="flex justify-end gap-2">
            <Button
              variant="ghost"
              onClick={() => {
                setQuestion(card.question);
                setAnswer(card.answer);
                setEditing(false);
              }}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              Save
            </Button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="flex items-start justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
      <div className="min-w-0">
        <p className="font-medium [overflow-wrap:anywhere] text-slate-900 dark:text-white">{card.question}</p>
        <p className="[overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">{card.answer}</p>
      </div>
      <div className="flex shrink-0 gap-1">
        <Button
          variant="ghost"
          className="px-2.5 py-1.5"
          aria-label={`Edit ${card.question}`}
          onClick={() => setEditing(true)}
        >
          Edit
        </Button>
        <Button variant="ghost" className="px-2.5 py-1.5" aria-label={`Remove ${card.question}`} onClick={onRemove}>
          Remove
        </Button>
      </div>
    </li>
  );
}
