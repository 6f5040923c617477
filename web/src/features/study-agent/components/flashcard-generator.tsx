import { ENTER_TEXT, type TGenerated } from '@learnboost/api/contract';
import * as Label from '@radix-ui/react-label';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { generateCards } from '../api/generate-cards';

export function FlashcardGenerator() {
  const id = useId();
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
      toast.error('Failed to generate flashcards', { description: error instanceof Error ? error.message : undefined });
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
        <Label.Root htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
          Text to turn into flashcards
        </Label.Root>
        <textarea
          id={id}
          rows={6}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Paste your notes or a passage"
          className="rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
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
