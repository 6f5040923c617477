import { request } from '../../../lib/api-client';

/** `keepCards` (default kept) says whether a learner who studies the room deck keeps its cards as their own. */
export const leaveRoom = async (roomId: string, keepCards?: boolean): Promise<void> => {
  await request(`/group-learning/${encodeURIComponent(roomId)}/leave`, {
    method: 'POST',
    ...(keepCards === undefined ? {} : { body: { keepCards } }),
  });
};
