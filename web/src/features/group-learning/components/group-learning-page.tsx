import type { TRoomMember } from '@learnboost/api/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { useGroupLearning } from '../group-learning-store';
import { watchRoomGrid } from '../room-grid-watch';
import { readCurrentRoom } from '../room-storage';
import { CreateRoomDialog } from './create-room-dialog';
import { RoomDialog } from './room-dialog';
import { RoomGrid } from './room-grid';

/** `me` is the signed-in learner (app/ knows who that is; this feature does not ask again). */
export function GroupLearningPage({ me }: { me: TRoomMember }) {
  const { roomId } = useParams();
  const navigate = useNavigate();
  const openId = useGroupLearning((s) => s.room?.id);
  const [creating, setCreating] = useState(false);
  const [ready, setReady] = useState(false);
  const linkedRoom = useRef(roomId);
  const learner = useRef(me);

  // Once per visit: the rooms, then the room a shared link names, or the one open before a reload.
  useEffect(() => {
    let live = true;
    const { load, open } = useGroupLearning.getState();
    void (async () => {
      await load(learner.current);
      const target = linkedRoom.current ?? readCurrentRoom();
      if (live && target) await open(target, { announceJoin: linkedRoom.current !== undefined });
      if (live) setReady(true);
    })();
    const stopWatching = watchRoomGrid();
    return () => {
      live = false;
      stopWatching();
      // Leaving the page is not leaving the room: coming back reopens it.
      useGroupLearning.getState().close({ forget: false });
    };
  }, []);

  // The address names the open room, so it can be copied and reloaded.
  useEffect(() => {
    if (!ready) return;
    if (openId && roomId !== openId) void navigate(`/group-learning/${openId}`, { replace: true });
    if (!openId && roomId) void navigate('/group-learning', { replace: true });
  }, [ready, openId, roomId, navigate]);

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader title="Group Learning">Study together: rooms with shared flashcards, live.</PageHeader>
        <Button onClick={() => setCreating(true)}>+ Create Room</Button>
      </div>
      <RoomGrid />
      <CreateRoomDialog open={creating} onOpenChange={setCreating} />
      <RoomDialog />
    </>
  );
}
