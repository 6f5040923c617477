import {
  type ActivityRow,
  changedSince,
  type Db,
  deleteRoomCard,
  insertActivity,
  lastOwnChange,
  listActivity,
  markUndone,
  type RoomCardSnapshot,
  restoreRoomCard,
  roomStanding,
} from '@learnboost/db';
import { ROOM_ACTIVITY_LIMIT, type TRoomActivity, type TRoomCard } from '../../contract';
import { AppError } from '../../lib/errors';
import { ROOM_NOT_FOUND, type RoomCtx } from './group-learning.service';
import { toRoomCard } from './room-card';

// The room's activity list and undo of one's own last change (issue 24).

export const MEMBERS_TO_SEE_ACTIVITY = "Join the room to see what's changed";
export const NOTHING_TO_UNDO = 'You have no change to undo';
export const UNDO_OVERWRITES = 'Someone changed this card after you: undoing would overwrite their change';
export const UNDO_RULE = "Under this room's edit rule only the host and editors change cards directly";

const toEntry = (a: ActivityRow): TRoomActivity => ({
  id: a.id,
  action: a.action as TRoomActivity['action'],
  member: a.actorId && a.actorUsername ? { id: a.actorId, username: a.actorUsername } : null,
  cardId: a.cardId,
  question: a.question ?? a.after?.question ?? a.before?.question ?? null,
  count: a.after?.count ?? null,
  at: a.createdAt.toISOString(),
  undone: a.undoneAt !== null,
});

/** Records a change and tells the room; the change has committed already. */
export async function recordActivity(
  { db, events, user }: RoomCtx,
  roomId: string,
  entry: {
    action: TRoomActivity['action'];
    cardId?: string | null;
    before?: RoomCardSnapshot;
    after?: RoomCardSnapshot & { count?: number };
    /** The card's question as it is now, when neither snapshot says it (an undo), as the list shows it. */
    question?: string;
  },
): Promise<void> {
  const { question, ...row } = entry;
  const { id, createdAt } = await insertActivity(db, { roomId, actorId: user.id, ...row });
  events.activityAdded(roomId, {
    id,
    action: entry.action,
    member: user,
    cardId: entry.cardId ?? null,
    question: question ?? entry.after?.question ?? entry.before?.question ?? null,
    count: entry.after?.count ?? null,
    at: createdAt.toISOString(),
    undone: false,
  });
}

export const snapshotOf = (c: RoomCardSnapshot): RoomCardSnapshot => ({
  question: c.question,
  answer: c.answer,
  kind: c.kind,
  format: c.format,
  tags: c.tags,
  ordinals: c.ordinals,
});

async function member(db: Db, roomId: string, userId: string) {
  const standing = await roomStanding(db, roomId, userId);
  if (!standing) throw new AppError(404, ROOM_NOT_FOUND);
  if (standing.role === null) throw new AppError(403, MEMBERS_TO_SEE_ACTIVITY);
  return { ...standing, decides: standing.hostId === userId || standing.role === 'editor' };
}

/** The last 100 changes, newest first. */
export async function roomActivity({ db, userId, roomId }: { db: Db; userId: string; roomId: string }) {
  await member(db, roomId, userId);
  return (await listActivity(db, roomId, ROOM_ACTIVITY_LIMIT)).map(toEntry);
}

/** Takes back the learner's own last change (an add, an edit or a delete), unless someone changed the card since. */
export async function undoLastChange(
  ctx: RoomCtx & { roomId: string },
): Promise<{ card?: TRoomCard; removedCardId?: string }> {
  const { db, events, user, roomId } = ctx;
  const standing = await member(db, roomId, user.id);
  if (!standing.decides && standing.editRule !== 'edit') throw new AppError(403, UNDO_RULE);
  const last = await lastOwnChange(db, roomId, user.id);
  if (!last?.cardId) throw new AppError(409, NOTHING_TO_UNDO);
  if (await changedSince(db, last.cardId, last.createdAt, last.id)) throw new AppError(409, UNDO_OVERWRITES);
  if (!(await markUndone(db, last.id))) throw new AppError(409, NOTHING_TO_UNDO);
  let answer: { card?: TRoomCard; removedCardId?: string } = {};
  if (last.action === 'added') {
    if (await deleteRoomCard(db, roomId, last.cardId)) events.cardRemoved(roomId, last.cardId);
    answer = { removedCardId: last.cardId };
  } else {
    const row = await restoreRoomCard(db, roomId, last.cardId, {
      text: last.action === 'edited' ? (last.before ?? undefined) : undefined,
      undelete: last.action === 'deleted',
    });
    if (!row) throw new AppError(409, UNDO_OVERWRITES);
    const card = toRoomCard(row);
    if (last.action === 'deleted') events.cardAdded(roomId, card);
    else events.cardUpdated(roomId, card);
    answer = { card };
  }
  await recordActivity(ctx, roomId, {
    action: 'undone',
    cardId: last.cardId,
    question: answer.card?.question ?? last.after?.question ?? last.before?.question,
  });
  return answer;
}
