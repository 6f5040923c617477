import { HOST_ONLY_RULE, type TCardKind, ZAddRoomCardBody } from '@learnboost/api/contract';
import { LogOut } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { CardTextFields } from '../../../components/card-text-fields';
import { Button } from '../../../components/ui/button';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { useFieldErrors } from '../../../lib/field-errors';
import { useSubmit } from '../../../lib/use-submit';
import { addRoomCard } from '../api/add-room-card';
import { getRoomStudy } from '../api/room-deck';
import { useGroupLearning } from '../group-learning-store';
import { useLiveQuiz } from '../live-quiz-store';
import { useMayChangeCards } from '../room-permissions';
import { LiveQuiz } from './live-quiz';
import { OnlineAvatars } from './online-avatars';
import { RoomDeck } from './room-deck';
import { RoomDeckPanel } from './room-deck-panel';
import { RoomTagsField, tagsOf } from './room-tags-field';

function AddQuestionForm() {
  const [kind, setKind] = useState<TCardKind>('basic');
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [tags, setTags] = useState('');
  const { busy, submit } = useSubmit('Failed to add flashcard');
  const fieldErrors = useFieldErrors();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const room = useGroupLearning.getState().room;
    if (!room) return void toast.error('No room open');
    const body = fieldErrors.check(ZAddRoomCardBody, { kind, question, answer, tags: tagsOf(tags) });
    if (!body) return;
    await submit(async () => {
      const added = await addRoomCard(room.id, body);
      // The socket's card:added usually arrives first; the store keeps one copy either way.
      if ('card' in added) {
        useGroupLearning.getState().cardAdded(added.card);
        toast.success('Flashcard added');
      } else toast.success('Suggestion sent to the host');
      setQuestion('');
      setAnswer('');
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-labelledby="add-question-heading">
      <h3 id="add-question-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        Add Question
      </h3>
      <CardTextFields
        kind={kind}
        onKindChange={setKind}
        question={fieldErrors.bind('question', question, setQuestion)}
        answer={fieldErrors.bind('answer', answer, setAnswer)}
      />
      <RoomTagsField value={tags} onChange={setTags} error={fieldErrors.errorOf('tags')} />
      <Button type="submit" disabled={busy}>
        Create Question
      </Button>
    </form>
  );
}

/** "Keep my cards?": a learner who studies the room deck chooses before leaving. */
function LeaveRoomButton() {
  const roomId = useGroupLearning((s) => s.room?.id);
  const [asking, setAsking] = useState(false);
  const { leave } = useGroupLearning.getState();
  async function start() {
    if (!roomId) return;
    const study = await getRoomStudy(roomId).catch(() => null);
    if (study?.deckId) setAsking(true);
    else await leave();
  }
  return (
    <>
      <Button variant="ghost" className="self-start" onClick={() => void start()}>
        <LogOut aria-hidden="true" className="size-4" />
        Leave Room
      </Button>
      <Modal
        open={asking}
        onOpenChange={setAsking}
        title="Keep my cards?"
        description="You study this room's deck. Keep its cards as your own deck, with your reviews, or remove them."
      >
        <ModalActions>
          <Button variant="ghost" onClick={() => setAsking(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void leave(false)}>
            Remove my cards
          </Button>
          <Button onClick={() => void leave(true)}>Keep my cards</Button>
        </ModalActions>
      </Modal>
    </>
  );
}

/** Asked before a click beside the dialog, Escape or × closes a room whose quiz is still running. */
export const CLOSE_DURING_QUIZ = 'A live quiz is running in this room. Close the room anyway?';

export function RoomDialog() {
  const room = useGroupLearning((s) => s.room);
  const memberCount = useGroupLearning((s) => s.members.length);
  const mayChange = useMayChangeCards();
  // While a game runs, the room's own deck holds the answers to its questions: it is not shown.
  const quizRunning = useLiveQuiz((s) => s.game !== null && s.game.status !== 'finished');
  const { close } = useGroupLearning.getState();
  const onOpenChange = (open: boolean) => {
    if (open) return;
    if (quizRunning && !window.confirm(CLOSE_DURING_QUIZ)) return;
    close();
  };
  return (
    <Modal
      open={room !== null}
      onOpenChange={onOpenChange}
      title={room?.title ?? 'Room'}
      description={room ? `${room.topic} · hosted by ${room.host.username}` : undefined}
      wide
    >
      {room && (
        <div className="flex flex-col gap-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="room-member-count">
              {memberCount}/{room.maxParticipants} members
            </p>
            <OnlineAvatars />
          </div>
          <LiveQuiz />
          {quizRunning ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              The room's cards are hidden while the quiz runs, so no one sees an answer early.
            </p>
          ) : (
            <>
              <RoomDeck />
              <RoomDeckPanel />
            </>
          )}
          {mayChange ? (
            <AddQuestionForm />
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">{HOST_ONLY_RULE}.</p>
          )}
          <LeaveRoomButton />
        </div>
      )}
    </Modal>
  );
}
