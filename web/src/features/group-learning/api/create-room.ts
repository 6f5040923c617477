import { type TCreateRoomBody, type TRoomSummary, ZRoomSummary } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const createRoom = (body: TCreateRoomBody): Promise<TRoomSummary> =>
  requestParsed('/group-learning/rooms', ZRoomSummary, { method: 'POST', body });
