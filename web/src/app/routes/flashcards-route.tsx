import { AnkiExportButton, AnkiImportDialog } from '../../features/anki';
import { FlashcardsPage, reloadFlashcards } from '../../features/flashcards';

/** The Flashcards screen, with Anki's import and export beside its own. */
export function FlashcardsRoute() {
  return (
    <FlashcardsPage
      actions={
        <>
          <AnkiImportDialog onImported={reloadFlashcards} />
          <AnkiExportButton />
        </>
      }
    />
  );
}
