import { type TAddRoomCardBody, type TRoomCard, ZAddRoomCardAnswer } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export const addRoomCard = async (roomId: string, body: TAddRoomCardBody): Promise<TRoomCard> =>
  (
    await requestParsed(`/group-learning/${encodeURIComponent(roomId)}/flashcards/add`, ZAddRoomCardAnswer, {
      method: 'POST',
      body,
    })
  ).card;
