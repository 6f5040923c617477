import { ZAddRoomCardBody } from '@learnboost/api/contract';
import { LogOut } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useSubmit } from '../../../lib/use-submit';
import { addRoomCard } from '../api/add-room-card';
import { useGroupLearning } from '../group-learning-store';
import { useLiveQuiz } from '../live-quiz-store';
import { LiveQuiz } from './live-quiz';
import { OnlineAvatars } from './online-avatars';
import { RoomDeck } from './room-deck';
import { RoomDeckPanel } from './room-deck-panel';

function AddQuestionForm() {
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const { busy, submit } = useSubmit('Failed to add flashcard');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const room = useGroupLearning.getState().room;
    if (!room) return void toast.error('No room open');
    const parsed = ZAddRoomCardBody.safeParse({ question, answer });
    if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message ?? 'Failed to add flashcard');
    await submit(async () => {
      // The socket's card:added usually arrives first; the store keeps one copy either way.
      useGroupLearning.getState().cardAdded(await addRoomCard(room.id, parsed.data));
      toast.success('Flashcard added');
      setQuestion('');
      setAnswer('');
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-labelledby="add-question-heading">
      <h3 id="add-question-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        Add Question
      </h3>
      <TextAreaField label="Question" rows={2} value={question} onChange={(e) => setQuestion(e.target.value)} />
      <TextAreaField label="Answer" rows={2} value={answer} onChange={(e) => setAnswer(e.target.value)} />
      <Button type="submit" disabled={busy}>
        Create Question
      </Button>
    </form>
  );
}

/** Asked before a click beside the dialog, Escape or × closes a room whose quiz is still running. */
export const CLOSE_DURING_QUIZ = 'A live quiz is running in this room. Close the room anyway?';

export function RoomDialog() {
  const room = useGroupLearning((s) => s.room);
  const memberCount = useGroupLearning((s) => s.members.length);
  // While a game runs, the room's own deck holds the answers to its questions: it is not shown.
  const quizRunning = useLiveQuiz((s) => s.game !== null && s.game.status !== 'finished');
  const { close, leave } = useGroupLearning.getState();
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
          <AddQuestionForm />
          <Button variant="ghost" className="self-start" onClick={() => void leave()}>
            <LogOut aria-hidden="true" className="size-4" />
            Leave Room
          </Button>
        </div>
      )}
    </Modal>
  );
}
