import { type TRoomDetail, ZRoomDetail } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';
import { guestId } from '../room-storage';

/** The server joins the signed-in learner; the guest fields are sent as the spec's client does. */
export const joinRoom = (roomId: string, username: string): Promise<TRoomDetail> =>
  requestParsed(`/group-learning/${encodeURIComponent(roomId)}/join`, ZRoomDetail, {
    method: 'POST',
    body: { guestId: guestId(), username },
  });
