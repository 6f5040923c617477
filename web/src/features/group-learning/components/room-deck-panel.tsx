import {
  ROOM_EDIT_RULE_LABELS,
  type TRoomCard,
  type TRoomDeckStats,
  type TRoomEditRule,
  type TRoomStudy,
  ZRoomEditRule,
} from '@learnboost/api/contract';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { Button } from '../../../components/ui/button';
import { toastFailure } from '../../../lib/errors';
import {
  deleteRoomCard,
  getDeckStats,
  getRoomStudy,
  setEditRule,
  setMemberRole,
  stopStudying,
  studyRoomDeck,
} from '../api/room-deck';
import { useGroupLearning } from '../group-learning-store';
import { useMayChangeCards, useMayDelete } from '../room-permissions';
import { RoomActivity } from './room-activity';
import { RoomCardEditor } from './room-card-editor';
import { RoomCardText } from './room-card-text';
import { RoomDeckTransfer } from './room-deck-transfer';
import { RoomSuggestions } from './room-suggestions';

// The room deck (issue 24): its cards edited live, who may change them, studying it, and where
// the group is weak.

function DeckRules() {
  const room = useGroupLearning((s) => s.room);
  const me = useGroupLearning((s) => s.me);
  const editRule = useGroupLearning((s) => s.editRule);
  const editors = useGroupLearning((s) => s.editors);
  const members = useGroupLearning((s) => s.members);
  if (!room) return null;
  const isHost = room.host.id === me?.id;
  if (!isHost)
    return <p className="text-sm text-slate-700 dark:text-slate-200">Edit rule: {ROOM_EDIT_RULE_LABELS[editRule]}</p>;
  const apply = (rules: { editRule: TRoomEditRule; editors: string[] }) => useGroupLearning.setState(rules);
  return (
    <div className="flex flex-col gap-2">
      <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-100">
        Edit rule
        <select
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-white"
          value={editRule}
          onChange={(e) => {
            const rule = ZRoomEditRule.parse(e.target.value);
            setEditRule(room.id, rule).then(apply, (err) => toastFailure('Failed to change the edit rule', err));
          }}
        >
          {ZRoomEditRule.options.map((rule) => (
            <option key={rule} value={rule}>
              {ROOM_EDIT_RULE_LABELS[rule]}
            </option>
          ))}
        </select>
      </label>
      <ul aria-label="Editors" className="flex flex-wrap gap-2">
        {members
          .filter((m) => m.id !== room.host.id)
          .map((m) => {
            const isEditor = editors.includes(m.id);
            return (
              <li key={m.id}>
                <Button
                  variant="ghost"
                  onClick={() =>
                    setMemberRole(room.id, m.id, isEditor ? 'member' : 'editor').then(apply, (err) =>
                      toastFailure('Failed to change the role', err),
                    )
                  }
                >
                  {isEditor ? `${m.username}: editor (remove)` : `Make ${m.username} an editor`}
                </Button>
              </li>
            );
          })}
      </ul>
    </div>
  );
}

/** A deleted card leaves everyone's deck and study (an undo brings it back), so it is asked once more. */
function DeleteRoomCard({ card }: { card: TRoomCard }) {
  const roomId = useGroupLearning((s) => s.room?.id);
  async function remove() {
    if (!roomId) return false;
    try {
      if (await deleteRoomCard(roomId, card.id)) {
        useGroupLearning.getState().cardRemoved(card.id);
        toast.success('Flashcard deleted');
      } else toast.success('Suggestion sent to the host');
      return true;
    } catch (err) {
      toastFailure('Could not delete the flashcard', err);
      return false;
    }
  }
  return (
    <ConfirmDeleteButton
      title="Delete Flashcard"
      description={`“${card.question}” leaves the room deck for every member, and the study of those who study it.`}
      onConfirm={remove}
      aria-label={`Delete card: ${card.question}`}
    />
  );
}

function DeckCards() {
  const mayDelete = useMayDelete();
  const mayChange = useMayChangeCards();
  const cards = useGroupLearning((s) => s.cards);
  const editing = useGroupLearning((s) => s.editing);
  const me = useGroupLearning((s) => s.me);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <ul aria-label="Room deck cards" className="flex flex-col gap-2">
      {cards.map((card) => {
        const others = editing.filter((l) => l.cardId === card.id && l.member.id !== me?.id);
        return (
          <li key={card.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            {open === card.id ? (
              <RoomCardEditor card={card} onDone={() => setOpen(null)} />
            ) : (
              <div className="flex items-start justify-between gap-3">
                <div>
                  <div className="text-sm text-slate-900 dark:text-white">
                    <RoomCardText card={card} side="question" />
                  </div>
                  <div className="text-sm text-slate-700 dark:text-slate-200">
                    <RoomCardText card={card} side="answer" />
                  </div>
                  {card.tags.length > 0 && (
                    <p className="text-xs text-slate-600 dark:text-slate-300">Tags: {card.tags.join(' ')}</p>
                  )}
                  {others.length > 0 && (
                    <p className="text-xs text-amber-800 dark:text-amber-200">
                      {others.map((l) => l.member.username).join(', ')} is editing
                    </p>
                  )}
                </div>
                <div className="flex shrink-0 flex-wrap justify-end gap-1">
                  {mayChange && (
                    <Button variant="ghost" onClick={() => setOpen(card.id)} aria-label={`Edit card: ${card.question}`}>
                      Edit
                    </Button>
                  )}
                  {mayDelete(card) && <DeleteRoomCard card={card} />}
                </div>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function StudyAndWeakest() {
  const roomId = useGroupLearning((s) => s.room?.id);
  const [study, setStudy] = useState<TRoomStudy | null>(null);
  const [stats, setStats] = useState<TRoomDeckStats | null>(null);
  const [asking, setAsking] = useState(false);
  const reload = useCallback(() => {
    if (!roomId) return;
    getRoomStudy(roomId).then(setStudy, () => undefined);
    getDeckStats(roomId).then(setStats, () => undefined);
  }, [roomId]);
  useEffect(reload, [reload]);
  if (!roomId) return null;
  const stop = (keepCards: boolean) =>
    stopStudying(roomId, keepCards).then(
      () => {
        setAsking(false);
        toast.success(keepCards ? 'Stopped studying; your cards are kept' : 'Stopped studying; your cards are removed');
        reload();
      },
      (err) => toastFailure('Failed to stop studying', err),
    );
  return (
    <div className="flex flex-col gap-3">
      {study?.deckId ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm text-slate-700 dark:text-slate-200">You study this deck as “{study.deckName}”.</p>
          {asking ? (
            <>
              <Button variant="ghost" onClick={() => void stop(true)}>
                Keep my cards
              </Button>
              <Button variant="danger" onClick={() => void stop(false)}>
                Remove my cards
              </Button>
            </>
          ) : (
            <Button variant="ghost" onClick={() => setAsking(true)}>
              Stop studying
            </Button>
          )}
        </div>
      ) : (
        <Button
          className="self-start"
          onClick={() =>
            studyRoomDeck(roomId).then(
              (s) => {
                setStudy(s);
                toast.success(`Added to your decks as “${s.deckName}”`);
              },
              (err) => toastFailure('Failed to study this deck', err),
            )
          }
        >
          Study this deck
        </Button>
      )}
      <section aria-labelledby="weakest-heading" className="flex flex-col gap-1">
        <h3 id="weakest-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          The group's weakest cards
        </h3>
        {stats && stats.weakest.length > 0 ? (
          <ol className="flex flex-col gap-1">
            {stats.weakest.map((w) => (
              <li key={w.cardId} className="text-sm text-slate-800 dark:text-slate-100">
                {w.card.question} — {Math.round(w.recallShare * 100)}% would recall it today ({w.learners} learners)
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Shown once {stats?.minLearners ?? 3} or more members study a card.
          </p>
        )}
      </section>
    </div>
  );
}

export function RoomDeckPanel() {
  // The card list is built on demand: the study view above already shows the current card.
  const [editing, setEditing] = useState(false);
  return (
    <section aria-label="Room deck" className="flex flex-col gap-4">
      <DeckRules />
      <RoomSuggestions />
      <Button variant="ghost" className="self-start" aria-expanded={editing} onClick={() => setEditing((e) => !e)}>
        {editing ? 'Done editing' : 'Edit the deck'}
      </Button>
      {editing && (
        <>
          <DeckCards />
          <RoomDeckTransfer />
        </>
      )}
      <StudyAndWeakest />
      <RoomActivity />
    </section>
  );
}
