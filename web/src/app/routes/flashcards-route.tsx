import { useEffect } from 'react';
import { AnkiExportButton, AnkiImportDialog } from '../../features/anki';
import { DeckPicker, useDecks } from '../../features/decks';
import { BrowsePage, FlashcardsPage, reloadFlashcards } from '../../features/flashcards';
import { CatchUpButton, DeckExamButton } from '../../features/scheduler';

/** The decks (their feature) read once the screen opens, and handed to the flashcards screens. */
function useDeckChoice() {
  const decks = useDecks((s) => s.decks);
  const deckId = useDecks((s) => s.chosen);
  const { load } = useDecks.getState();
  useEffect(() => void load(), [load]);
  return { decks, deckId, cardsChanged: () => void load() };
}

export function FlashcardsRoute() {
  const choice = useDeckChoice();
  return (
    <FlashcardsPage
      {...choice}
      deckPicker={<DeckPicker />}
      actions={
        <>
          {/* An import brings decks and cards: both lists are read again. */}
          <AnkiImportDialog
            onImported={async () => {
              choice.cardsChanged();
              await reloadFlashcards();
            }}
          />
          <AnkiExportButton deckId={choice.deckId ?? undefined} />
          <DeckExamButton deckId={choice.deckId} onChanged={() => void reloadFlashcards()} />
          <CatchUpButton onChanged={() => void reloadFlashcards()} />
        </>
      }
    />
  );
}

export function BrowseRoute() {
  return <BrowsePage {...useDeckChoice()} />;
}
