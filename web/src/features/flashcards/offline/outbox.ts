import type { TOfflineCard, TSyncReview } from '@learnboost/api/contract';
import { type OutboxReview, offlineDb } from './offline-db';

/**
 * Records a review made offline: the card's new schedule and the review waiting to be sent, in
 * one transaction, so the card never moves on without its review (or the other way round).
 */
export async function enqueueReview(
  userId: string,
  review: TSyncReview,
  card: { before: TOfflineCard; after: TOfflineCard },
): Promise<void> {
  const db = await offlineDb(userId);
  const tx = db.transaction(['outbox', 'cards'], 'readwrite');
  // seq is given by the store (autoIncrement): the order reviews were made in.
  const entry = { ...review, question: card.before.question, before: card.before } as OutboxReview;
  await tx.objectStore('outbox').add(entry);
  await tx.objectStore('cards').put(card.after);
  await tx.done;
}

/** Every review still waiting, oldest first. */
export async function waitingReviews(userId: string): Promise<OutboxReview[]> {
  return (await offlineDb(userId)).getAll('outbox');
}

export async function countWaiting(userId: string): Promise<number> {
  return (await offlineDb(userId)).count('outbox');
}

/** Takes answered reviews out of the outbox. */
export async function removeReviews(userId: string, ids: Set<string>): Promise<void> {
  const db = await offlineDb(userId);
  const tx = db.transaction('outbox', 'readwrite');
  for (const entry of await tx.store.getAll()) if (ids.has(entry.id)) await tx.store.delete(entry.seq);
  await tx.done;
}

/**
 * Takes back a review that has not left yet: out of the outbox, and the card as it was before.
 * False: it was sent already (the server must undo it).
 */
export async function withdrawReview(userId: string, reviewId: string): Promise<TOfflineCard | null> {
  const db = await offlineDb(userId);
  const tx = db.transaction(['outbox', 'cards'], 'readwrite');
  const entry = (await tx.objectStore('outbox').getAll()).find((e) => e.id === reviewId);
  if (!entry) {
    await tx.done;
    return null;
  }
  await tx.objectStore('outbox').delete(entry.seq);
  await tx.objectStore('cards').put(entry.before);
  await tx.done;
  return entry.before;
}
