import { type TRoomDetail, ZRoomDetail } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const getRoom = (roomId: string): Promise<TRoomDetail> =>
  requestParsed(`/group-learning/${encodeURIComponent(roomId)}`, ZRoomDetail);
