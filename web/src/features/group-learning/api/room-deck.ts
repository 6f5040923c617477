import {
  type TDeckSummary,
  type TRoomActivity,
  type TRoomCard,
  type TRoomDeckRules,
  type TRoomDeckStats,
  type TRoomEditRule,
  type TRoomStudy,
  ZDeckList,
  ZRoomActivity,
  ZRoomCard,
  ZRoomDeckRules,
  ZRoomDeckStats,
  ZRoomStudy,
} from '@learnboost/api/contract';
import { z } from 'zod';
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

/** The room's last 100 changes, newest first. */
export const getRoomActivity = (roomId: string): Promise<TRoomActivity[]> =>
  requestParsed(`${room(roomId)}/activity`, z.array(ZRoomActivity));

/** Takes back the learner's own last add, edit or delete (409 with a sentence when it cannot). */
export const undoMyLastChange = async (roomId: string): Promise<void> => {
  await request(`${room(roomId)}/undo`, { method: 'POST' });
};

/** The host or an editor decides a pending suggestion; accepting answers the card it made or changed. */
export const decideSuggestion = async (roomId: string, suggestionId: string, decision: 'accept' | 'reject') => {
  await request(`${room(roomId)}/suggestions/${encodeURIComponent(suggestionId)}/${decision}`, { method: 'POST' });
};

/** Deletes a card (202 with a suggestion under "Members suggest"): true when it is gone. */
export const deleteRoomCard = async (roomId: string, cardId: string): Promise<boolean> =>
  (await request(`${room(roomId)}/flashcards/${encodeURIComponent(cardId)}`, { method: 'DELETE' })) === undefined;

/** The learner's own decks, to copy one into the room. */
export const listMyDecks = (): Promise<TDeckSummary[]> => requestParsed('/decks', ZDeckList);

export const copyDeckIntoRoom = async (roomId: string, deckId: string): Promise<TRoomCard[]> =>
  (
    await requestParsed(`${room(roomId)}/copy-deck`, z.object({ cards: z.array(ZRoomCard) }), {
      method: 'POST',
      body: { deckId },
    })
  ).cards;

/** The room deck as an Anki package. */
export const exportRoomDeck = (roomId: string): Promise<Blob> => requestBlob(`${room(roomId)}/export.apkg`);
