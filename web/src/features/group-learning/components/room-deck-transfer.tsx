import type { TDeckSummary } from '@learnboost/api/contract';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { DeckSelect } from '../../../components/deck-select';
import { DownloadButton } from '../../../components/download-button';
import { Button } from '../../../components/ui/button';
import { toastFailure } from '../../../lib/errors';
import { useSubmit } from '../../../lib/use-submit';
import { copyDeckIntoRoom, exportRoomDeck, listMyDecks } from '../api/room-deck';
import { useGroupLearning } from '../group-learning-store';
import { useMayCopyDeck } from '../room-permissions';

// Bring cards in and take them out (issue 24): copy one of my decks (and those under it, up to
// 2,000 cards) into the room deck; export the room deck as an .apkg.

export function RoomDeckTransfer() {
  const room = useGroupLearning((s) => s.room);
  const [decks, setDecks] = useState<TDeckSummary[]>([]);
  const [deckId, setDeckId] = useState('');
  const { busy, submit } = useSubmit('Failed to copy the deck');
  const mayCopy = useMayCopyDeck();
  useEffect(() => {
    if (mayCopy) listMyDecks().then(setDecks, (err) => toastFailure('Could not load your decks', err));
  }, [mayCopy]);
  if (!room) return null;

  function copy() {
    if (!room || !deckId) return void toast.error('Choose one of your decks');
    void submit(async () => {
      const cards = await copyDeckIntoRoom(room.id, deckId);
      for (const card of cards) useGroupLearning.getState().cardAdded(card);
      toast.success(`${cards.length} ${cards.length === 1 ? 'card' : 'cards'} copied into the room deck`);
      setDeckId('');
    });
  }

  return (
    <section aria-labelledby="deck-transfer-heading" className="flex flex-col gap-2">
      <h3 id="deck-transfer-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        Bring cards in
      </h3>
      {mayCopy && (
        <div className="flex flex-wrap items-end gap-2">
          <DeckSelect
            label="Copy one of my decks"
            decks={decks}
            value={deckId}
            onChange={setDeckId}
            noneLabel="Choose a deck"
            className="min-w-48 flex-1"
          />
          <Button variant="outline" disabled={busy} onClick={copy}>
            Copy into the room deck
          </Button>
        </div>
      )}
      <div className="self-start">
        <DownloadButton
          label="Export the room deck (.apkg)"
          fileName={`${room.title.replace(/[\\/:*?"<>|]/g, ' ')}.apkg`}
          fetchFile={() => exportRoomDeck(room.id)}
        />
      </div>
    </section>
  );
}
