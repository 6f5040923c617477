import { STALE_CARD, type TRoomCard } from '@learnboost/api/contract';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { CardTextFields } from '../../../components/card-text-fields';
import { Button } from '../../../components/ui/button';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { useGroupLearning } from '../group-learning-store';
import { RoomTagsField, tagsOf } from './room-tags-field';

/** How often typing renews "I am editing this card" (the server lets it go after 60 s of silence). */
const EDITING_EVERY_MS = 5000;

type Text = { question: string; answer: string };

/** Both versions side by side after a 409: keep mine, keep theirs, or merge by hand. */
function ConflictDialog({
  mine,
  theirs,
  onKeepMine,
  onKeepTheirs,
  onMerge,
}: {
  mine: Text;
  theirs: TRoomCard;
  onKeepMine: () => void;
  onKeepTheirs: () => void;
  onMerge: () => void;
}) {
  const side = (title: string, text: Text) => (
    <section aria-label={title} className="flex-1 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <h4 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">{title}</h4>
      <p className="whitespace-pre-wrap text-sm text-slate-800 dark:text-slate-100">{text.question}</p>
      <p className="mt-2 whitespace-pre-wrap text-sm text-slate-700 dark:text-slate-200">{text.answer}</p>
    </section>
  );
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onMerge()}
      title="Someone changed this card"
      description="Your changes were not saved. Choose which version to keep."
      wide
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        {side('Your version', mine)}
        {side('Their version', theirs)}
      </div>
      <ModalActions>
        <Button variant="ghost" onClick={onMerge}>
          Merge by hand
        </Button>
        <Button variant="ghost" onClick={onKeepTheirs}>
          Keep theirs
        </Button>
        <Button onClick={onKeepMine}>Keep mine</Button>
      </ModalActions>
    </Modal>
  );
}

/** Edits one room card live: says who else is editing it, and never overwrites a newer version. */
export function RoomCardEditor({ card, onDone }: { card: TRoomCard; onDone: () => void }) {
  const [text, setText] = useState<Text>({ question: card.question, answer: card.answer });
  const [tags, setTags] = useState(card.tags.join(' '));
  const [version, setVersion] = useState(card.version);
  const [conflict, setConflict] = useState<TRoomCard | null>(null);
  const lastSignal = useRef(0);
  const socket = useGroupLearning.getState().socket;
  // "Ana is editing": the others holding this card, as the room hears them (both ways, live).
  const editing = useGroupLearning((s) => s.editing);
  const me = useGroupLearning((s) => s.me);
  const others = [
    ...new Set(editing.filter((l) => l.cardId === card.id && l.member.id !== me?.id).map((l) => l.member.username)),
  ];

  function signalEditing(now = false) {
    const s = socket();
    if (!s || (!now && Date.now() - lastSignal.current < EDITING_EVERY_MS)) return;
    lastSignal.current = Date.now();
    s.emit('card:editing', { cardId: card.id }, (answer) => {
      // The answer names who already edits it, in case their card:editing came before this socket.
      if ('editing' in answer) useGroupLearning.getState().editingHeard(card.id, answer.editing);
    });
  }
  // Opening the editor is editing too, and closing it lets go. Taken and let go in one effect, and
  // not throttled: an effect run twice (React's StrictMode mounts, lets go and mounts again) must
  // end holding the lock, or the others are never told ("Ana is editing" never showed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it opens
  useEffect(() => {
    signalEditing(true);
    return () => void socket()?.emit('card:editing:stop');
  }, []);

  function change(field: keyof Text, value: string) {
    setText((t) => ({ ...t, [field]: value }));
    signalEditing();
  }

  function save(body: Text, against: number) {
    const s = socket();
    if (!s) return void toast.error('Not connected to the room');
    s.emit(
      'card:edit',
      { cardId: card.id, version: against, kind: card.kind, format: card.format, tags: tagsOf(tags), ...body },
      (answer) => {
        if ('card' in answer && answer.card && !('error' in answer)) {
          useGroupLearning.getState().cardUpdated(answer.card);
          toast.success('Card saved');
          return onDone();
        }
        if ('suggestion' in answer) {
          toast.success('Suggestion sent to the host');
          return onDone();
        }
        if ('error' in answer && answer.code === STALE_CARD && answer.card) return setConflict(answer.card);
        toast.error('error' in answer ? answer.error : 'Failed to save the card');
      },
    );
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-indigo-200 p-3 dark:border-indigo-800"
      aria-label="Edit card"
      onSubmit={(e) => {
        e.preventDefault();
        save(text, version);
      }}
    >
      <p role="status" className="text-sm text-amber-800 empty:hidden dark:text-amber-200">
        {others.length > 0 && `${others.join(', ')} is editing this card too`}
      </p>
      {/* The kind stays: a card's history belongs to what it asks, as a personal card's does. */}
      <CardTextFields
        kind={card.kind}
        question={{ value: text.question, onChange: (e) => change('question', e.target.value) }}
        answer={{ value: text.answer, onChange: (e) => change('answer', e.target.value) }}
      />
      <RoomTagsField
        value={tags}
        onChange={(value) => {
          setTags(value);
          signalEditing();
        }}
      />
      <div className="flex gap-2">
        <Button type="submit">Save card</Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {conflict && (
        <ConflictDialog
          mine={text}
          theirs={conflict}
          onKeepMine={() => {
            setConflict(null);
            save(text, conflict.version);
          }}
          onKeepTheirs={() => {
            useGroupLearning.getState().cardUpdated(conflict);
            setConflict(null);
            onDone();
          }}
          onMerge={() => {
            // Edit on from their version: the next save goes against it.
            setVersion(conflict.version);
            useGroupLearning.getState().cardUpdated(conflict);
            setConflict(null);
          }}
        />
      )}
    </form>
  );
}
