import { type DbOrTx, listRoomCards, listRoomStudySchedules, roomStanding } from '@learnboost/db';
import { GROUP_MIN_LEARNERS, type TRoomDeckStats } from '../../contract';
import { AppError } from '../../lib/errors';
import { retrievability } from '../../lib/scheduling/schedule';
import { ROOM_NOT_FOUND } from './group-learning.service';
import { toRoomCard } from './room-card';

// "The group sees where it is weak" (issue 24): aggregates only, and only over enough learners.

export const MEMBERS_TO_SEE = 'Join the room to see how the group is doing';
const WEAKEST_MAX = 10;

/**
 * Per card: the members studying it and the share who would recall it now (their mean FSRS
 * retrievability, a cloze text's numbers averaged per learner). Under GROUP_MIN_LEARNERS learners
 * the share stays null, so no member's own memory can be read from it.
 */
export async function roomDeckStats({
  db,
  userId,
  roomId,
  now = new Date(),
}: {
  db: DbOrTx;
  userId: string;
  roomId: string;
  now?: Date;
}): Promise<TRoomDeckStats> {
  const standing = await roomStanding(db, roomId, userId);
  if (!standing) throw new AppError(404, ROOM_NOT_FOUND);
  if (standing.role === null) throw new AppError(403, MEMBERS_TO_SEE);
  const [cards, schedules] = await Promise.all([listRoomCards(db, roomId), listRoomStudySchedules(db, roomId)]);
  // card → learner → the recall of each of their study cards of it
  const byCard = new Map<string, Map<string, number[]>>();
  for (const s of schedules) {
    const learners = byCard.get(s.roomCardId) ?? new Map<string, number[]>();
    byCard.set(s.roomCardId, learners);
    learners.set(s.userId, [...(learners.get(s.userId) ?? []), retrievability(s, now)]);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const stats = cards.map((card) => {
    const learners = byCard.get(card.id) ?? new Map<string, number[]>();
    const recallShare = learners.size >= GROUP_MIN_LEARNERS ? mean([...learners.values()].map(mean)) : null;
    return { card, cardId: card.id, learners: learners.size, recallShare };
  });
  const weakest = stats
    .filter((s): s is typeof s & { recallShare: number } => s.recallShare !== null)
    .sort((a, b) => a.recallShare - b.recallShare)
    .slice(0, WEAKEST_MAX)
    .map((s) => ({ ...s, card: toRoomCard(s.card) }));
  return {
    minLearners: GROUP_MIN_LEARNERS,
    cards: stats.map(({ cardId, learners, recallShare }) => ({ cardId, learners, recallShare })),
    weakest,
  };
}
