import { type TRoomSummary, ZRoomList } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const listRooms = (): Promise<TRoomSummary[]> => requestParsed('/group-learning/rooms', ZRoomList);
