import type { TFlashcard, TOfflineCard, TOfflineSnapshot, TSyncReview } from '@learnboost/api/contract';
import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb';

/** A review made offline (or whose answer never came), waiting to be sent, in the order it was made. */
export type OutboxReview = TSyncReview & {
  seq: number;
  /** The card's question, to name it if the server rejects the review. */
  question: string;
  /** The card as it was before the review: what undo puts back while the review still waits. */
  before: TOfflineCard;
};

/** The snapshot without its cards (they live in their own store, one row each). */
export type OfflineMeta = Omit<TOfflineSnapshot, 'cards'> & {
  /** New cards started offline, per learner day: they count against the day's limit. */
  newStarted: { day: string; count: number };
};

interface OfflineSchema extends DBSchema {
  cards: { key: string; value: TOfflineCard };
  outbox: { key: number; value: OutboxReview };
  meta: { key: 'meta'; value: OfflineMeta };
}

// One database per learner: another learner signing in on this browser opens their own, and
// never reads (or sends) the first one's reviews.
const nameOf = (userId: string) => `learnboost-offline-${userId}`;
let open: { userId: string; db: Promise<IDBPDatabase<OfflineSchema>> } | null = null;

export function offlineDb(userId: string): Promise<IDBPDatabase<OfflineSchema>> {
  if (open?.userId !== userId) {
    void open?.db.then((db) => db.close());
    const db = openDB<OfflineSchema>(nameOf(userId), 1, {
      upgrade(db) {
        db.createObjectStore('cards', { keyPath: 'id' });
        db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
        db.createObjectStore('meta');
      },
    });
    open = { userId, db };
  }
  return open.db;
}

/** Forgets everything this browser kept for the learner (after their last sync, at sign-out). */
export async function clearOfflineData(userId: string): Promise<void> {
  if (open?.userId === userId) {
    (await open.db).close();
    open = null;
  }
  await deleteDB(nameOf(userId));
}

/** Replaces the kept cards and settings with a fresh snapshot from the server. */
export async function saveSnapshot(userId: string, { cards, ...meta }: TOfflineSnapshot): Promise<void> {
  const db = await offlineDb(userId);
  const tx = db.transaction(['cards', 'meta'], 'readwrite');
  const store = tx.objectStore('cards');
  await store.clear();
  for (const card of cards) await store.put(card);
  await tx.objectStore('meta').put({ ...meta, newStarted: { day: '', count: 0 } }, 'meta');
  await tx.done;
}

export async function readSnapshot(userId: string): Promise<{ cards: TOfflineCard[]; meta: OfflineMeta } | null> {
  const db = await offlineDb(userId);
  const meta = await db.get('meta', 'meta');
  if (!meta) return null;
  return { cards: await db.getAll('cards'), meta };
}

export async function putCards(userId: string, cards: TOfflineCard[]): Promise<void> {
  const db = await offlineDb(userId);
  const tx = db.transaction('cards', 'readwrite');
  for (const card of cards) await tx.store.put(card);
  await tx.done;
}

/** A card reviewed online: its new schedule in the copy kept offline (the next sync refreshes the rest). */
export async function mergeKeptCard(userId: string, card: TFlashcard): Promise<void> {
  const db = await offlineDb(userId);
  const kept = await db.get('cards', card.id);
  if (kept) await db.put('cards', { ...kept, ...card });
}

export async function getCard(userId: string, id: string): Promise<TOfflineCard | undefined> {
  return (await offlineDb(userId)).get('cards', id);
}
