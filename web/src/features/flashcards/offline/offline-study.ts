import type { TOfflineCard, TRating } from '@learnboost/api/contract';
import { learnerDay, schedulerOf } from './local-queue';
import { rateLocally } from './local-schedule';
import { getCard, offlineDb, readSnapshot } from './offline-db';
import { enqueueReview } from './outbox';
import { refreshWaiting } from './sync';

/**
 * A rating made with no network (or whose answer never came): the card moves on here by the
 * server's own scheduling, and the review waits in the outbox under the id it was made with.
 * Null: the card is not kept offline, so nothing can be scheduled here.
 */
export async function rateOffline(
  userId: string,
  review: { id: string; cardId: string; rating: TRating; reviewedAt: Date; durationMs: number },
): Promise<TOfflineCard | null> {
  const [kept, before] = await Promise.all([readSnapshot(userId), getCard(userId, review.cardId)]);
  if (!kept || !before) return null;
  const after = rateLocally(before, review.rating, review.reviewedAt, schedulerOf(kept.meta));
  const { reviewedAt, ...rest } = review;
  await enqueueReview(userId, { ...rest, reviewedAt: reviewedAt.toISOString() }, { before, after });
  if (before.state === 'new') await countNewStarted(userId, reviewedAt);
  await refreshWaiting(userId);
  return after;
}

/** A new card started offline counts against today's limit, as the server counts it. */
async function countNewStarted(userId: string, at: Date) {
  const db = await offlineDb(userId);
  const meta = await db.get('meta', 'meta');
  if (!meta) return;
  const day = learnerDay(at, meta.timeZone);
  const count = meta.newStarted.day === day ? meta.newStarted.count + 1 : 1;
  await db.put('meta', { ...meta, newStarted: { day, count } }, 'meta');
}
