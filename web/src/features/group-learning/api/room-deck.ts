import {
  type TRoomDeckRules,
  type TRoomDeckStats,
  type TRoomEditRule,
  type TRoomStudy,
  ZRoomDeckRules,
  ZRoomDeckStats,
  ZRoomStudy,
} from '@learnboost/api/contract';
import { request, requestBlob, requestParsed } from '../../../lib/api-client';

// The room deck's calls (issue 24): rules and roles, "Study this deck", the group's weakest cards.

const room = (roomId: string) => `/group-learning/${encodeURIComponent(roomId)}`;

export const setEditRule = (roomId: string, editRule: TRoomEditRule): Promise<TRoomDeckRules> =>
  requestParsed(`${room(roomId)}/edit-rule`, ZRoomDeckRules, { method: 'PUT', body: { editRule } });

export const setMemberRole = (roomId: string, userId: string, role: 'editor' | 'member'): Promise<TRoomDeckRules> =>
  requestParsed(`${room(roomId)}/members/${encodeURIComponent(userId)}/role`, ZRoomDeckRules, {
    method: 'PUT',
    body: { role },
  });

export const getRoomStudy = (roomId: string): Promise<TRoomStudy> => requestParsed(`${room(roomId)}/study`, ZRoomStudy);

export const studyRoomDeck = (roomId: string): Promise<TRoomStudy> =>
  requestParsed(`${room(roomId)}/study`, ZRoomStudy, { method: 'POST' });

export const stopStudying = async (roomId: string, keepCards: boolean): Promise<void> => {
  await request(`${room(roomId)}/study`, { method: 'DELETE', body: { keepCards } });
};

export const getDeckStats = (roomId: string): Promise<TRoomDeckStats> =>
  requestParsed(`${room(roomId)}/deck-stats`, ZRoomDeckStats);

/** One of the room's images (members only), as the browser shows it. */
export const getRoomMedia = (roomId: string, name: string): Promise<Blob> =>
  requestBlob(`${room(roomId)}/media/${encodeURIComponent(name)}`);
