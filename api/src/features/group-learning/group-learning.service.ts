import {
  countMembers,
  countRoomCards,
  type Db,
  deleteRoom,
  deleteRoomMember,
  findRoomWithHost,
  insertRoom,
  insertRoomMember,
  isRoomMember,
  keepRoomStudyCards,
  listPendingSuggestions,
  listRoomCards,
  listRoomEditors,
  listRoomMembers,
  listRoomsWithHost,
  lockRoom,
  type RoomWithHost,
  roomsWithRunningGame,
  updateRoom,
} from '@learnboost/db';
import { ROOM_FULL, type TRoomDetail, type TRoomMember, type TRoomState, type TRoomSummary } from '../../contract';
import { AppError } from '../../lib/errors';
import type { PerMinuteLimit } from './rate-limit';
import { toRoomCard, toSuggestion } from './room-card';
import type { RoomEvents } from './room-events';

export const ROOM_NOT_FOUND = 'Room not found';
export const CARD_NOT_FOUND = 'Card not found';
export const MEMBERS_ONLY = 'Join the room to add cards';
export const HOST_ONLY = 'Only the host can do that';
/** The grid shows the newest rooms; older ones stay reachable by their link. */
export const ROOM_LIST_LIMIT = 200;

export type RoomCtx = { db: Db; events: RoomEvents; user: TRoomMember };
/** A learner asking about one room: what most room services are given. */
export type InRoom = { db: Db; userId: string; roomId: string };
/** Room cards per learner and minute: taken here, once, for REST and socket adds alike. */
export type AddRoomCardCtx = RoomCtx & { cardLimit: PerMinuteLimit };

const hostOf = (r: RoomWithHost): TRoomMember => ({ id: r.hostId, username: r.hostUsername });

async function mustFindRoom(db: Db, roomId: string): Promise<RoomWithHost> {
  const room = await findRoomWithHost(db, roomId);
  if (!room) throw new AppError(404, ROOM_NOT_FOUND);
  return room;
}

export async function listRooms({ db }: { db: Db }): Promise<TRoomSummary[]> {
  const rows = await listRoomsWithHost(db, ROOM_LIST_LIMIT);
  const ids = rows.map((r) => r.id);
  const [members, cardCounts, playing] = await Promise.all([
    listRoomMembers(db, ids),
    countRoomCards(db, ids),
    roomsWithRunningGame(db, ids),
  ]);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    topic: r.topic,
    participants: members.get(r.id) ?? [],
    maxParticipants: r.maxParticipants,
    host: hostOf(r),
    cardCount: cardCounts.get(r.id) ?? 0,
    liveQuiz: playing.has(r.id),
  }));
}

async function getRoom(db: Db, roomId: string): Promise<TRoomDetail> {
  const room = await mustFindRoom(db, roomId);
  const [members, cards, editors, suggestions] = await Promise.all([
    listRoomMembers(db, [roomId]),
    listRoomCards(db, roomId),
    listRoomEditors(db, roomId),
    listPendingSuggestions(db, [roomId]),
  ]);
  return {
    id: room.id,
    title: room.title,
    topic: room.topic,
    participants: members.get(roomId) ?? [],
    maxParticipants: room.maxParticipants,
    host: hostOf(room),
    cards: cards.map(toRoomCard),
    editRule: room.editRule,
    editors,
    suggestions: suggestions.map(toSuggestion),
  };
}

/**
 * A room as `GET /api/group-learning/{id}` shows it to a learner: its cards only to members, as
 * the room's socket does. Anyone signed in may see who is in it and its title (to decide whether
 * to join); the cards are what members study together, and joining is one click away.
 */
export async function getRoomForViewer({ db, roomId, userId }: { db: Db; roomId: string; userId: string }) {
  const room = await getRoom(db, roomId);
  const isMember = room.participants.some((p) => p.id === userId);
  return isMember ? room : { ...room, cards: [], suggestions: [] };
}

/** The snapshot a socket gets on connect; `online` comes from the socket layer. */
export async function getRoomState({
  db,
  roomId,
  online,
}: {
  db: Db;
  roomId: string;
  online: TRoomMember[];
}): Promise<Omit<TRoomState, 'game' | 'editing'>> {
  const { cards, participants, id, title, topic, maxParticipants, host, editRule, editors, suggestions } =
    await getRoom(db, roomId);
  return {
    room: { id, title, topic, maxParticipants, host },
    members: participants,
    cards,
    online,
    editRule,
    editors,
    suggestions,
  };
}

export async function createRoom({
  db,
  events,
  user,
  body,
}: RoomCtx & { body: { title: string; topic: string; maxParticipants: number } }): Promise<TRoomSummary> {
  const room = await db.transaction(async (tx) => {
    const row = await insertRoom(tx, { ...body, hostId: user.id });
    await insertRoomMember(tx, row.id, user.id);
    return row;
  });
  events.roomCreated(room.id);
  return {
    id: room.id,
    title: room.title,
    topic: room.topic,
    participants: [user],
    maxParticipants: room.maxParticipants,
    host: user,
    cardCount: 0,
    liveQuiz: false,
  };
}

export async function joinRoom({ db, events, user, roomId }: RoomCtx & { roomId: string }): Promise<TRoomDetail> {
  const joined = await db.transaction(async (tx) => {
    // The lock makes "count, then insert" atomic: two joins for the last seat cannot both win.
    const room = await lockRoom(tx, roomId);
    if (!room) throw new AppError(404, ROOM_NOT_FOUND);
    if (await isRoomMember(tx, roomId, user.id)) return false;
    if ((await countMembers(tx, roomId)) >= room.maxParticipants) throw new AppError(409, ROOM_FULL);
    return insertRoomMember(tx, roomId, user.id);
  });
  if (joined) events.memberJoined(roomId, user);
  return getRoom(db, roomId);
}

export async function leaveRoom({ db, events, user, roomId }: RoomCtx & { roomId: string }): Promise<void> {
  await mustFindRoom(db, roomId);
  // Leaving a room one is not in changes nothing and is not an error, like joining twice.
  if (await deleteRoomMember(db, roomId, user.id)) events.memberLeft(roomId, user);
}

export async function renameRoom({
  db,
  events,
  user,
  roomId,
  patch,
}: RoomCtx & { roomId: string; patch: { title?: string; topic?: string } }): Promise<TRoomDetail> {
  const room = await mustFindRoom(db, roomId);
  if (room.hostId !== user.id) throw new AppError(403, HOST_ONLY);
  const saved = await updateRoom(db, roomId, patch);
  if (!saved) throw new AppError(404, ROOM_NOT_FOUND);
  events.roomUpdated(roomId, { id: saved.id, title: saved.title, topic: saved.topic });
  return getRoom(db, roomId);
}

export async function removeRoom({ db, events, user, roomId }: RoomCtx & { roomId: string }): Promise<void> {
  const room = await mustFindRoom(db, roomId);
  if (room.hostId !== user.id) throw new AppError(403, HOST_ONLY);
  const deleted = await db.transaction(async (tx) => {
    // Whoever studies the room deck keeps its cards, with the text as it is now.
    await keepRoomStudyCards(tx, roomId);
    return deleteRoom(tx, roomId);
  });
  if (deleted) events.roomDeleted(roomId);
}
