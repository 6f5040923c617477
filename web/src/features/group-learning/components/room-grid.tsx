import type { TRoomSummary } from '@learnboost/api/contract';
import { Link2, Radio, Users } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useGroupLearning } from '../group-learning-store';

async function copyLink(roomId: string) {
  try {
    await navigator.clipboard.writeText(`${window.location.origin}/group-learning/${roomId}`);
    toast.success('Link copied to clipboard');
  } catch (error) {
    console.error('Could not copy the link', error);
    toast.error('Could not copy the link');
  }
}

function RoomTile({ room, isMember }: { room: TRoomSummary; isMember: boolean }) {
  const open = useGroupLearning.getState().open;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <div>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{room.title}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{room.topic}</p>
      </div>
      <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
        <Users aria-hidden="true" className="size-4" />
        <span data-testid="member-count">
          {room.participants.length}/{room.maxParticipants} members
        </span>
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">Owner: {room.host.username}</p>
      {room.liveQuiz && (
        <p className="flex items-center gap-2 text-sm font-semibold text-red-700 dark:text-red-300">
          <Radio aria-hidden="true" className="size-4" />
          Live quiz in progress
        </p>
      )}
      <div className="mt-auto flex items-center gap-2">
        <Button className="flex-1" onClick={() => void open(room.id, { announceJoin: !isMember })}>
          {isMember ? 'Enter' : 'Join Room'}
        </Button>
        <Button variant="ghost" aria-label={`Copy link to ${room.title}`} onClick={() => void copyLink(room.id)}>
          <Link2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </li>
  );
}

export function RoomGrid() {
  const rooms = useGroupLearning((s) => s.rooms);
  const loaded = useGroupLearning((s) => s.roomsLoaded);
  const me = useGroupLearning((s) => s.me);
  if (loaded && rooms.length === 0) {
    return <p className="text-slate-600 dark:text-slate-300">No rooms yet. Create the first one!</p>;
  }
  return (
    <ul aria-label="Study rooms" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {rooms.map((room) => (
        <RoomTile key={room.id} room={room} isMember={room.participants.some((p) => p.id === me?.id)} />
      ))}
    </ul>
  );
}
