import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../client';
import { preparedStatement } from '../prepared';
import { type RoomCardSnapshot, roomCards, roomMembers, rooms, users } from '../schema';

export type RoomRow = typeof rooms.$inferSelect;
export type RoomCardRow = typeof roomCards.$inferSelect;
export type RoomPerson = { id: string; username: string };
export type RoomWithHost = RoomRow & { hostUsername: string };

const roomWithHost = {
  id: rooms.id,
  title: rooms.title,
  topic: rooms.topic,
  hostId: rooms.hostId,
  maxParticipants: rooms.maxParticipants,
  editRule: rooms.editRule,
  createdAt: rooms.createdAt,
  hostUsername: users.username,
};

/** Newest first; the list is capped because the screen shows one grid, not pages. */
export const listRoomsWithHost = (db: DbOrTx, limit: number): Promise<RoomWithHost[]> =>
  db
    .select(roomWithHost)
    .from(rooms)
    .innerJoin(users, eq(users.id, rooms.hostId))
    .orderBy(desc(rooms.createdAt), desc(rooms.id))
    .limit(limit);

export const findRoomWithHost = async (db: DbOrTx, roomId: string): Promise<RoomWithHost | undefined> => {
  const [row] = await db
    .select(roomWithHost)
    .from(rooms)
    .innerJoin(users, eq(users.id, rooms.hostId))
    .where(eq(rooms.id, roomId))
    .limit(1);
  return row;
};

export const roomExists = async (db: DbOrTx, roomId: string): Promise<boolean> => {
  const [row] = await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, roomId)).limit(1);
  return row !== undefined;
};

/** Locks the room for the rest of the transaction, so concurrent joins count members one at a time. */
export const lockRoom = async (db: DbOrTx, roomId: string): Promise<RoomRow | undefined> => {
  const [row] = await db.select().from(rooms).where(eq(rooms.id, roomId)).for('update').limit(1);
  return row;
};

export const insertRoom = async (
  db: DbOrTx,
  values: { title: string; topic: string; hostId: string; maxParticipants: number },
): Promise<RoomRow> => {
  const [row] = await db.insert(rooms).values(values).returning();
  if (!row) throw new Error('insert into rooms returned nothing');
  return row;
};

export const updateRoom = async (
  db: DbOrTx,
  roomId: string,
  patch: { title?: string; topic?: string },
): Promise<RoomRow | undefined> => {
  const [row] = await db.update(rooms).set(patch).where(eq(rooms.id, roomId)).returning();
  return row;
};

export const deleteRoom = async (db: DbOrTx, roomId: string): Promise<boolean> => {
  const rows = await db.delete(rooms).where(eq(rooms.id, roomId)).returning({ id: rooms.id });
  return rows.length > 0;
};

/** Members of each room, in joining order. */
export const listRoomMembers = async (db: DbOrTx, roomIds: string[]): Promise<Map<string, RoomPerson[]>> => {
  const byRoom = new Map<string, RoomPerson[]>();
  if (roomIds.length === 0) return byRoom;
  const rows = await db
    .select({ roomId: roomMembers.roomId, id: users.id, username: users.username })
    .from(roomMembers)
    .innerJoin(users, eq(users.id, roomMembers.userId))
    .where(inArray(roomMembers.roomId, roomIds))
    .orderBy(asc(roomMembers.joinedAt), asc(users.username));
  for (const { roomId, ...person } of rows) byRoom.set(roomId, [...(byRoom.get(roomId) ?? []), person]);
  return byRoom;
};

export const countRoomCards = async (db: DbOrTx, roomIds: string[]): Promise<Map<string, number>> => {
  if (roomIds.length === 0) return new Map();
  const rows = await db
    .select({ roomId: roomCards.roomId, n: count() })
    .from(roomCards)
    .where(and(inArray(roomCards.roomId, roomIds), isNull(roomCards.deletedAt)))
    .groupBy(roomCards.roomId);
  return new Map(rows.map((r) => [r.roomId, Number(r.n)]));
};

export const countMembers = async (db: DbOrTx, roomId: string): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(roomMembers).where(eq(roomMembers.roomId, roomId));
  return Number(row?.n ?? 0);
};

export const isRoomMember = async (db: DbOrTx, roomId: string, userId: string): Promise<boolean> => {
  const [row] = await db
    .select({ userId: roomMembers.userId })
    .from(roomMembers)
    .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
};

/** True when the learner was not a member yet. */
export const insertRoomMember = async (db: DbOrTx, roomId: string, userId: string): Promise<boolean> => {
  const rows = await db
    .insert(roomMembers)
    .values({ roomId, userId })
    .onConflictDoNothing()
    .returning({ userId: roomMembers.userId });
  return rows.length > 0;
};

export const deleteRoomMember = async (db: DbOrTx, roomId: string, userId: string): Promise<boolean> => {
  const rows = await db
    .delete(roomMembers)
    .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.userId, userId)))
    .returning({ userId: roomMembers.userId });
  return rows.length > 0;
};

/** Oldest first, so every member sees the deck in the same order. */
export const listRoomCards = (db: DbOrTx, roomId: string): Promise<RoomCardRow[]> =>
  db
    .select()
    .from(roomCards)
    .where(and(eq(roomCards.roomId, roomId), isNull(roomCards.deletedAt)))
    .orderBy(asc(roomCards.createdAt), asc(roomCards.id));

/** A room card's columns under their field names, for raw statements (`from`: the table's alias). */
export const roomCardColumnsOf = (from = '') => {
  const q = from ? `${from}.` : '';
  return sql.raw(
    `${q}id, ${q}room_id as "roomId", ${q}author_id as "authorId", ${q}question, ${q}answer, ${q}kind, ${q}format, ` +
      `${q}tags, ${q}ordinals, ${q}version, ${q}updated_at as "updatedAt", ${q}deleted_at as "deletedAt", ` +
      `${q}created_at as "createdAt"`,
  );
};

// The hot path of a room: prepared once. The membership and edit-rule checks and the insert are one statement,
// atomic without a transaction, so a card add costs one round trip.
const roomCardAsMember = preparedStatement<RoomCardRow>(
  'insert_room_card_as_member',
  sql`insert into ${roomCards} (room_id, author_id, question, answer, kind, format, tags, ordinals)
    select ${roomMembers.roomId}, ${roomMembers.userId}, ${sql.placeholder('question')}::text, ${sql.placeholder('answer')}::text,
      ${sql.placeholder('kind')}::text, ${sql.placeholder('format')}::text,
      array(select jsonb_array_elements_text(${sql.placeholder('tags')}::jsonb)),
      array(select jsonb_array_elements_text(${sql.placeholder('ordinals')}::jsonb)::smallint)
    from ${roomMembers} join ${rooms} on ${rooms.id} = ${roomMembers.roomId}
    where ${roomMembers.roomId} = ${sql.placeholder('roomId')}::uuid and ${roomMembers.userId} = ${sql.placeholder('authorId')}::uuid
      and (${rooms.editRule} = 'edit' or ${rooms.hostId} = ${roomMembers.userId} or ${roomMembers.role} = 'editor')
    returning ${roomCardColumnsOf()}`,
);

/**
 * Inserts the card only if the author is a member of the room whose edit rule lets them add it.
 * Undefined: not a member, no such room, or the rule wants a suggestion (roomStanding says which).
 */
export const insertRoomCardAsMember = async (
  db: Db,
  values: RoomCardSnapshot & { roomId: string; authorId: string },
): Promise<RoomCardRow | undefined> => {
  const { tags, ordinals, ...rest } = values;
  const [row] = await roomCardAsMember(db, {
    ...rest,
    tags: JSON.stringify(tags),
    ordinals: JSON.stringify(ordinals),
  });
  return row;
};

export const findRoomCard = async (db: DbOrTx, roomId: string, cardId: string): Promise<RoomCardRow | undefined> => {
  const [row] = await db
    .select()
    .from(roomCards)
    .where(and(eq(roomCards.roomId, roomId), eq(roomCards.id, cardId), isNull(roomCards.deletedAt)))
    .limit(1);
  return row;
};

/**
 * Marks the card deleted (one row, whoever studies it: their copies leave the queue as they read
 * it). The row stays, so an undo brings the card back with every learner's schedule.
 */
export const deleteRoomCard = async (db: DbOrTx, roomId: string, cardId: string): Promise<RoomCardRow | undefined> => {
  const [row] = await db
    .update(roomCards)
    .set({ deletedAt: new Date(), version: sql`${roomCards.version} + 1`, updatedAt: new Date() })
    .where(and(eq(roomCards.roomId, roomId), eq(roomCards.id, cardId), isNull(roomCards.deletedAt)))
    .returning();
  return row;
};

/** The cards of every room the learner is a member of, newest first: the study agent reads them. */
export const listMemberRoomCards = (db: DbOrTx, userId: string, limit: number) =>
  db
    .select({ roomTitle: rooms.title, question: roomCards.question, answer: roomCards.answer })
    .from(roomCards)
    .innerJoin(roomMembers, and(eq(roomMembers.roomId, roomCards.roomId), eq(roomMembers.userId, userId)))
    .innerJoin(rooms, eq(rooms.id, roomCards.roomId))
    .where(isNull(roomCards.deletedAt))
    .orderBy(desc(roomCards.createdAt))
    .limit(limit);
