import { type ReactNode, useEffect } from 'react';
import { Breadcrumb } from '../../../components/breadcrumb';
import { PageHeader } from '../../../components/page-header';
import { useFlashcards } from '../flashcards-store';
import { AddFlashcardDialog } from './add-flashcard-dialog';
import { DeckSummary } from './deck-summary';
import { ExportButton } from './export-button';
import { FlashcardDeck } from './flashcard-deck';
import { ImportDialog } from './import-dialog';

/** `actions`: more buttons beside Import and Export, from other features (app/ composes them). */
export function FlashcardsPage({ actions }: { actions?: ReactNode }) {
  const load = useFlashcards((s) => s.load);
  useEffect(() => void load(), [load]);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <Breadcrumb current="Flashcards" />
        <PageHeader title="Flashcards">Flip each card, then say whether you remembered it.</PageHeader>
        <div className="-mt-4 flex flex-wrap items-center justify-between gap-3">
          <DeckSummary />
          <div className="flex flex-wrap gap-2">
            <ImportDialog />
            <ExportButton />
            {actions}
            <AddFlashcardDialog />
          </div>
        </div>
      </div>
      <FlashcardDeck />
    </div>
  );
}
