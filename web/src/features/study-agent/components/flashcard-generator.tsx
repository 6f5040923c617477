import { ENTER_TEXT, type TGenerated } from '@learnboost/api/contract';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { toastFailure } from '../../../lib/errors';
import { generateCards } from '../api/generate-cards';

export function FlashcardGenerator() {
  const [text, setText] = useState('');
  const [cards, setCards] = useState<TGenerated['cards']>([]);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) return void toast.error(ENTER_TEXT);
    setBusy(true);
    try {
      const result = await generateCards(text);
      setCards(result.cards);
      toast.success(`Generated ${result.added} flashcards!`);
    } catch (error) {
      console.error('Failed to generate flashcards', error);
      toastFailure('Failed to generate flashcards', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="generator-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="generator-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Flashcard Generator
      </h2>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-busy={busy}>
        <TextAreaField
          label="Text to turn into flashcards"
          rows={6}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Paste your notes or a passage"
        />
        <Button type="submit" disabled={busy} className="self-start">
          {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          Generate 3 Flashcards
        </Button>
      </form>
      {cards.length > 0 && (
        <ul aria-label="Generated flashcards" className="flex flex-col gap-2">
          {cards.map((c) => (
            <li
              key={`${c.question}|${c.answer}`}
              className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
            >
              <p className="font-medium text-slate-900 dark:text-white">{c.question}</p>
              <p className="text-slate-700 dark:text-slate-300">{c.answer}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
