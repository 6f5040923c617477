import { ENTER_TEXT, type TGenerated } from '@learnboost/api/contract';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TitledSection } from '../../../components/ui/titled-section';
import { toastFailure } from '../../../lib/errors';
import { deleteGeneratedCard } from '../api/delete-generated-card';
import { generateCards } from '../api/generate-cards';
import { GeneratedCardItem } from './generated-card-item';

export function FlashcardGenerator() {
  const [text, setText] = useState('');
  const [cards, setCards] = useState<TGenerated['cards']>([]);
  const [busy, setBusy] = useState(false);

  type Card = TGenerated['cards'][number];
  const replace = (changed: Card) => setCards((list) => list.map((c) => (c.id === changed.id ? changed : c)));

  async function remove(ids: string[], said: string) {
    try {
      // One by one: a card already gone from the deck (another tab) is not in the way of the rest.
      for (const id of ids) {
        await deleteGeneratedCard(id);
        setCards((list) => list.filter((c) => c.id !== id));
      }
      toast.success(said);
    } catch (error) {
      toastFailure('Could not remove the flashcard', error);
    }
  }

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
    <TitledSection
      title="Flashcard Generator"
      heading="h2"
      size="text-lg"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
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
        <>
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm text-slate-700 dark:text-slate-200">Added to your flashcards:</p>
            <Button
              variant="outline"
              className="px-3 py-1.5"
              onClick={() =>
                void remove(
                  cards.map((c) => c.id),
                  'The generated flashcards were removed',
                )
              }
            >
              Undo
            </Button>
          </div>
          <ul aria-label="Generated flashcards" className="flex flex-col gap-2">
            {cards.map((c) => (
              <GeneratedCardItem
                key={c.id}
                card={c}
                onChanged={replace}
                onRemove={() => void remove([c.id], 'Flashcard removed')}
              />
            ))}
          </ul>
        </>
      )}
    </TitledSection>
  );
}
