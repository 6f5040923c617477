import { ZCreateRoomBody } from '@learnboost/api/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useFieldErrors } from '../../../lib/field-errors';
import { useSubmit } from '../../../lib/use-submit';
import { createRoom } from '../api/create-room';
import { useGroupLearning } from '../group-learning-store';

export function CreateRoomDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [title, setTitle] = useState('');
  const [topic, setTopic] = useState('');
  const { busy, submit } = useSubmit('Could not create room');
  const fieldErrors = useFieldErrors();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body = fieldErrors.check(ZCreateRoomBody, { title, topic });
    if (!body) return;
    await submit(async () => {
      useGroupLearning.getState().roomCreated(await createRoom(body));
      toast.success('Room created');
      setTitle('');
      setTopic('');
      onOpenChange(false);
    });
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Create Room">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
        <TextField label="Room Name" {...fieldErrors.bind('title', title, setTitle)} />
        <TextField label="Subject" {...fieldErrors.bind('topic', topic, setTopic)} />
        <Button type="submit" disabled={busy}>
          Create Room
        </Button>
      </form>
    </Modal>
  );
}
