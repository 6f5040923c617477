import {
  type TAddRoomCardBody,
  type TCreateRoomBody,
  type TRoomCard,
  type TRoomDetail,
  type TRoomSummary,
  type TUser,
  ZAddRoomCardAnswer,
  ZRoomDetail,
  ZRoomList,
  ZRoomSummary,
  ZUser,
} from '@learnboost/api/contract';
import { request, requestParsed } from '../../../lib/api-client';
import { guestId } from '../room-storage';

export const listRooms = (): Promise<TRoomSummary[]> => requestParsed('/group-learning/rooms', ZRoomList);

export const createRoom = (body: TCreateRoomBody): Promise<TRoomSummary> =>
  requestParsed('/group-learning/rooms', ZRoomSummary, { method: 'POST', body });

export const getRoom = (roomId: string): Promise<TRoomDetail> =>
  requestParsed(`/group-learning/${encodeURIComponent(roomId)}`, ZRoomDetail);

/** The server joins the signed-in learner; the guest fields are sent as the spec's client does. */
export const joinRoom = (roomId: string, username: string): Promise<TRoomDetail> =>
  requestParsed(`/group-learning/${encodeURIComponent(roomId)}/join`, ZRoomDetail, {
    method: 'POST',
    body: { guestId: guestId(), username },
  });

export const leaveRoom = async (roomId: string): Promise<void> => {
  await request(`/group-learning/${encodeURIComponent(roomId)}/leave`, { method: 'POST' });
};

export const addRoomCard = async (roomId: string, body: TAddRoomCardBody): Promise<TRoomCard> =>
  (
    await requestParsed(`/group-learning/${encodeURIComponent(roomId)}/flashcards/add`, ZAddRoomCardAnswer, {
      method: 'POST',
      body,
    })
  ).card;

/** Who is signed in: the grid shows "Enter" on the rooms this learner is already in. */
export const getMe = (): Promise<TUser> => requestParsed('/auth/me', ZUser);
