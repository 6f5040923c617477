import {
  type ActivityRow,
  changedSince,
  type Db,
  type DbOrTx,
  deleteRoomCard,
  findRoomCardAnyState,
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

type ActivityChange = {
  action: TRoomActivity['action'];
  cardId?: string | null;
  before?: RoomCardSnapshot;
  after?: RoomCardSnapshot & { count?: number };
  /** The card's question as it is now, when neither snapshot says it (an undo), as the list shows it. */
  question?: string;
};

/** Writes a change's entry (in the caller's transaction, when given one): the entry as the room hears it. */
async function writeActivity(
  db: DbOrTx,
  user: RoomCtx['user'],
  roomId: string,
  entry: ActivityChange,
): Promise<TRoomActivity> {
  const { question, ...row } = entry;
  const { id, createdAt } = await insertActivity(db, { roomId, actorId: user.id, ...row });
  return {
    id,
    action: entry.action,
    member: user,
    cardId: entry.cardId ?? null,
    question: question ?? entry.after?.question ?? entry.before?.question ?? null,
    count: entry.after?.count ?? null,
    at: createdAt.toISOString(),
    undone: false,
  };
}

/** Records a change and tells the room; the change has committed already. */
export async function recordActivity({ db, events, user }: RoomCtx, roomId: string, entry: ActivityChange) {
  events.activityAdded(roomId, await writeActivity(db, user, roomId, entry));
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

const sameText = (card: RoomCardSnapshot, text: RoomCardSnapshot | null) =>
  text !== null &&
  card.question === text.question &&
  card.answer === text.answer &&
  card.kind === text.kind &&
  card.format === text.format &&
  card.tags.join('\n') === text.tags.join('\n');

/** Takes back the learner's own last change (an add, an edit or a delete), unless someone changed the card since. */
export async function undoLastChange(
  ctx: RoomCtx & { roomId: string },
): Promise<{ card?: TRoomCard; removedCardId?: string }> {
  const { db, events, user, roomId } = ctx;
  const standing = await member(db, roomId, user.id);
  if (!standing.decides && standing.editRule !== 'edit') throw new AppError(403, UNDO_RULE);
  // One transaction: the change marked undone, the card put back and the "undone" entry land
  // together or not at all. Apart, a card changed between the check and the restore (or an entry
  // that failed to write) left the change marked undone while the card still showed it, and the
  // learner could not undo it again.
  const { removed, card, entry } = await db.transaction(async (tx) => {
    const last = await lastOwnChange(tx, roomId, user.id);
    if (!last?.cardId) throw new AppError(409, NOTHING_TO_UNDO);
    if (await changedSince(tx, last.cardId, last.createdAt, last.id)) throw new AppError(409, UNDO_OVERWRITES);
    // The card itself must still be as the change left it: a change the list has not recorded yet
    // (its entry is written after the card) would otherwise be overwritten. Locked, so no change
    // lands between this look and the restore.
    const now = await findRoomCardAnyState(tx, roomId, last.cardId, { forUpdate: true });
    if (last.action !== 'deleted' && !(now && now.deletedAt === null && sameText(now, last.after)))
      throw new AppError(409, UNDO_OVERWRITES);
    if (!(await markUndone(tx, last.id))) throw new AppError(409, NOTHING_TO_UNDO);
    let removed: { cardId: string; now: boolean } | undefined;
    let card: TRoomCard | undefined;
    if (last.action === 'added') {
      removed = { cardId: last.cardId, now: (await deleteRoomCard(tx, roomId, last.cardId)) !== undefined };
    } else {
      const row = await restoreRoomCard(tx, roomId, last.cardId, {
        text: last.action === 'edited' ? (last.before ?? undefined) : undefined,
        undelete: last.action === 'deleted',
      });
      if (!row) throw new AppError(409, UNDO_OVERWRITES);
      card = toRoomCard(row);
    }
    const entry = await writeActivity(tx, user, roomId, {
      action: 'undone',
      cardId: last.cardId,
      question: card?.question ?? last.after?.question ?? last.before?.question,
    });
    return { removed, card: card && { card, undeleted: last.action === 'deleted' }, entry };
  });
  // Heard after the commit, as every change is.
  if (removed?.now) events.cardRemoved(roomId, removed.cardId);
  if (card?.undeleted) events.cardAdded(roomId, card.card);
  else if (card) events.cardUpdated(roomId, card.card);
  events.activityAdded(roomId, entry);
  return removed ? { removedCardId: removed.cardId } : { card: card?.card };
}
