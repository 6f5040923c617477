import { request } from '../../../lib/api-client';

export const leaveRoom = async (roomId: string): Promise<void> => {
  await request(`/group-learning/${encodeURIComponent(roomId)}/leave`, { method: 'POST' });
};
