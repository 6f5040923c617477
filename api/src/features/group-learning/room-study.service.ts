import {
  addMissingRoomStudyCards,
  deleteSubscription,
  findSubscription,
  insertDeck,
  insertSubscription,
  keepRoomStudyCards,
  listDeckNames,
  removeRoomStudyCards,
  roomStanding,
} from '@learnboost/db';
import type { TRoomStudy } from '../../contract';
import { AppError } from '../../lib/errors';
import { type InRoom, ROOM_NOT_FOUND } from './group-learning.service';

// "Study this deck" (issue 24): the room deck in the learner's own decks, on their own schedule.

export const MEMBERS_TO_STUDY = 'Join the room to study its deck';

/** A room title as a deck name: `::` would nest it under another deck. */
const deckNameOf = (title: string) => title.replaceAll('::', ' - ').trim() || 'Room deck';

export async function roomStudy({ db, userId, roomId }: InRoom): Promise<TRoomStudy> {
  const sub = await findSubscription(db, roomId, userId);
  if (!sub) return { deckId: null, deckName: null };
  const deck = (await listDeckNames(db, userId)).find((d) => d.id === sub.deckId);
  return { deckId: sub.deckId, deckName: deck?.name ?? null };
}

/**
 * Adds the room deck to the learner's decks (a deck named after the room, or theirs of that name
 * already) and gives them a study card per room card, new. Studying twice changes nothing.
 */
export async function studyRoomDeck({ db, userId, roomId }: InRoom): Promise<TRoomStudy> {
  const standing = await roomStanding(db, roomId, userId);
  if (!standing) throw new AppError(404, ROOM_NOT_FOUND);
  if (standing.role === null) throw new AppError(403, MEMBERS_TO_STUDY);
  const { title } = (await db.query.rooms.findFirst({ where: (r, { eq }) => eq(r.id, roomId) })) ?? { title: '' };
  const name = deckNameOf(title);
  return db.transaction(async (tx) => {
    const existing = await findSubscription(tx, roomId, userId);
    const deckId =
      existing?.deckId ??
      (await insertDeck(tx, userId, name))?.id ??
      (await listDeckNames(tx, userId)).find((d) => d.name === name)?.id;
    if (!deckId) throw new Error('the room deck has no deck');
    await insertSubscription(tx, { roomId, userId, deckId });
    await addMissingRoomStudyCards(tx, userId, roomId);
    return { deckId, deckName: name };
  });
}

/** Ends the learner's study of the room deck: their cards become their own, or go. */
export async function stopStudyingRoomDeck({
  db,
  userId,
  roomId,
  keepCards,
}: InRoom & { keepCards: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    if (keepCards) await keepRoomStudyCards(tx, roomId, userId);
    else await removeRoomStudyCards(tx, roomId, userId);
    await deleteSubscription(tx, roomId, userId);
  });
}
