import { Table2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Breadcrumb } from '../../../components/breadcrumb';
import { PageHeader } from '../../../components/page-header';
import { useMediaQuery } from '../../../lib/use-media-query';
import { type DeckChoice, DeckChoiceContext } from '../deck-context';
import { useFlashcards } from '../flashcards-store';
import { AddFlashcardDialog } from './add-flashcard-dialog';
import { DeckSummary } from './deck-summary';
import { ExportButton } from './export-button';
import { FlashcardDeck } from './flashcard-deck';
import { ImportDialog } from './import-dialog';
import { NewCardLimit } from './new-card-limit';
import { SyncStatus } from './sync-status';

const LINK =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-slate-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

/**
 * The Flashcards screen; app/ gives it the decks and the deck picker (another feature's), and
 * `actions`: more buttons beside Import and Export (Anki's, another feature's).
 */
export function FlashcardsPage({
  deckPicker,
  actions,
  ...choice
}: DeckChoice & { deckPicker?: ReactNode; actions?: ReactNode }) {
  const load = useFlashcards((s) => s.load);
  useEffect(() => void load(choice.deckId), [load, choice.deckId]);
  // Ratings move cards out of "due": the deck picker's counts follow, a moment after the last one.
  const dueCount = useFlashcards((s) => s.dueCount);
  const cardsChanged = useRef(choice.cardsChanged);
  cardsChanged.current = choice.cardsChanged;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of the due count is the signal.
  useEffect(() => {
    const timer = setTimeout(() => cardsChanged.current(), 1500);
    return () => clearTimeout(timer);
  }, [dueCount]);
  // On a phone the card comes first: the deck's actions wait under it, behind one "Deck actions".
  const phone = useMediaQuery('(max-width: 639px)');
  const deckActions = (
    <div className="flex flex-wrap gap-2">
      <Link to="/flashcards/browse" className={LINK}>
        <Table2 aria-hidden="true" className="size-4" />
        Browse
      </Link>
      <ImportDialog />
      <ExportButton />
      {actions}
      <AddFlashcardDialog />
    </div>
  );

  return (
    <DeckChoiceContext value={choice}>
      <div className="mx-auto flex max-w-3xl flex-col gap-4 sm:gap-6">
        <div>
          <Breadcrumb current="Flashcards" />
          <PageHeader title="Flashcards">Flip each card, then say whether you remembered it.</PageHeader>
          {deckPicker && <div className="-mt-4 mb-4">{deckPicker}</div>}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex flex-col gap-0.5">
              <DeckSummary />
              <NewCardLimit />
              <SyncStatus />
            </div>
            {!phone && deckActions}
          </div>
        </div>
        <FlashcardDeck />
        {phone && (
          <details className="group rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
            <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-slate-800 dark:text-slate-100">
              Deck actions
            </summary>
            <div className="mt-3">{deckActions}</div>
          </details>
        )}
      </div>
    </DeckChoiceContext>
  );
}
