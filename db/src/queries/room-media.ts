import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { flashcards, media, roomCards, roomMedia, roomMembers } from '../schema';

// Room media (issue 24): the images of a room deck's cards, for its members only.

export type RoomMediaRow = typeof roomMedia.$inferSelect;

/** Stores an image; the same name (the same bytes) already there is kept as it is. */
export const insertRoomMedia = (db: DbOrTx, rows: (typeof roomMedia.$inferInsert)[]) =>
  rows.length ? db.insert(roomMedia).values(rows).onConflictDoNothing() : Promise.resolve();

/** Bytes stored in the room so far, against its quota. */
export const roomMediaBytes = async (db: DbOrTx, roomId: string): Promise<number> => {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${roomMedia.size}), 0)` })
    .from(roomMedia)
    .where(eq(roomMedia.roomId, roomId));
  return Number(row?.total ?? 0);
};

/**
 * An image of a room `userId` is a member of (membership in the same WHERE: a non-member finds
 * nothing): of `roomId` when given, else of any of their rooms, as when a room card studied on the
 * Flashcards screen names it like a personal image. Names are hashes of the bytes, so any room's
 * copy is the same.
 */
export const findMemberRoomMedia = async (
  db: DbOrTx,
  { userId, name, roomId }: { userId: string; name: string; roomId?: string },
): Promise<RoomMediaRow | undefined> => {
  const [row] = await db
    .select({ media: roomMedia })
    .from(roomMedia)
    .innerJoin(roomMembers, and(eq(roomMembers.roomId, roomMedia.roomId), eq(roomMembers.userId, userId)))
    .where(and(eq(roomMedia.name, name), roomId ? eq(roomMedia.roomId, roomId) : undefined))
    .limit(1);
  return row?.media;
};

export const findRoomMediaByNames = (db: DbOrTx, roomId: string, names: string[]): Promise<RoomMediaRow[]> =>
  names.length
    ? db
        .select()
        .from(roomMedia)
        .where(and(eq(roomMedia.roomId, roomId), inArray(roomMedia.name, names)))
    : Promise.resolve([]);

/**
 * Before a learner's study cards of the room become their own: the room images those cards
 * show are copied into the learner's media, so the cards keep them after the room (one statement).
 */
export async function copyRoomMediaToStudyCards(db: DbOrTx, roomId: string, userId?: string): Promise<void> {
  const whose = userId ? sql`and f.user_id = ${userId}::uuid` : sql``;
  await db.execute(sql`
    insert into ${media} (user_id, name, mime, bytes, size)
    select distinct on (f.user_id, rm.name) f.user_id, rm.name, rm.mime, rm.bytes, rm.size
    from ${flashcards} f
    join ${roomCards} rc on rc.id = f.room_card_id
    join ${roomMedia} rm on rm.room_id = rc.room_id
      and (strpos(rc.question, rm.name) > 0 or strpos(rc.answer, rm.name) > 0)
    where rc.room_id = ${roomId}::uuid and rc.deleted_at is null ${whose}
    on conflict do nothing`);
}
