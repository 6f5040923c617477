import { SYNC_BATCH_MAX } from '@learnboost/api/contract';
import { toast } from 'sonner';
import { create } from 'zustand';
import { ApiError } from '../../../lib/api-client';
import { getOfflineSnapshot } from '../api/get-offline-snapshot';
import { syncReviews } from '../api/sync-reviews';
import { clearOfflineData, putCards, readSnapshot, saveSnapshot } from './offline-db';
import { countWaiting, removeReviews, waitingReviews } from './outbox';

interface OfflineSyncState {
  /** The learner whose outbox this tab syncs (null: signed out). */
  userId: string | null;
  /** Reviews in the outbox: "n reviews waiting to sync", or "All changes synced" at 0. */
  waiting: number;
  online: boolean;
}

export const useOfflineSync = create<OfflineSyncState>()(() => ({
  userId: null,
  waiting: 0,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
}));

/** How often an online tab sends what waits (and refreshes what it keeps). */
export const SYNC_EVERY_MS = 60_000;
/** A snapshot older than this is refreshed on the next sync even when nothing was sent. */
const SNAPSHOT_FRESH_MS = 5 * 60_000;

/** No answer at all (offline, server unreachable) rather than a refusal (a 503 is the server speaking). */
export const isNetworkFailure = (error: unknown) => !(error instanceof ApiError) || error.status === 0;

export async function refreshWaiting(userId: string): Promise<number> {
  const waiting = await countWaiting(userId);
  if (useOfflineSync.getState().userId === userId) useOfflineSync.setState({ waiting });
  return waiting;
}

let running: Promise<void> | null = null;

/** Sends the outbox in order, then refreshes the cards kept offline. One sync at a time. */
export function syncNow(userId: string, { refresh = false } = {}): Promise<void> {
  running ??= runSync(userId, refresh)
    .catch((error: unknown) => {
      if (!isNetworkFailure(error)) console.error('Sync failed', error);
    })
    .finally(() => {
      running = null;
    });
  return running;
}

async function runSync(userId: string, refresh: boolean) {
  let sent = 0;
  for (;;) {
    const batch = (await waitingReviews(userId)).slice(0, SYNC_BATCH_MAX);
    if (batch.length === 0) break;
    const answer = await syncReviews(
      batch.map(({ id, cardId, rating, reviewedAt, durationMs }) => ({ id, cardId, rating, reviewedAt, durationMs })),
    );
    // Every answered review leaves the outbox: applied and duplicate are recorded, and a rejected
    // one would be rejected again, so it is shown once and not retried forever.
    await removeReviews(userId, new Set(answer.results.map((r) => r.id)));
    await putCards(userId, answer.cards);
    for (const result of answer.results) {
      if (result.status !== 'rejected') continue;
      const question = batch.find((r) => r.id === result.id)?.question ?? 'a card';
      toast.warning(`Your review of "${question}" was not saved: ${result.reason ?? 'refused'}`);
    }
    sent += batch.length;
    await refreshWaiting(userId);
  }
  const kept = await readSnapshot(userId);
  const stale = !kept || Date.now() - Date.parse(kept.meta.savedAt) > SNAPSHOT_FRESH_MS;
  if (sent > 0 || stale || refresh) {
    const snapshot = await getOfflineSnapshot();
    // A review made while the snapshot was on its way is newer than it: keep the local cards.
    if ((await countWaiting(userId)) === 0) await saveSnapshot(userId, snapshot);
  }
  await refreshWaiting(userId);
}

/**
 * Keeps the learner's outbox moving while they are signed in: at start, whenever the network
 * returns, and every minute while online. Returns the function that stops it.
 */
export function startOfflineSync(userId: string): () => void {
  useOfflineSync.setState({ userId, online: navigator.onLine });
  void refreshWaiting(userId);
  // A page load takes a fresh copy: another device may have studied meanwhile.
  if (navigator.onLine) void syncNow(userId, { refresh: true });
  const onOnline = () => {
    useOfflineSync.setState({ online: true });
    void syncNow(userId);
  };
  const onOffline = () => useOfflineSync.setState({ online: false });
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  const timer = setInterval(() => {
    if (navigator.onLine) void syncNow(userId);
  }, SYNC_EVERY_MS);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    clearInterval(timer);
    if (useOfflineSync.getState().userId === userId) useOfflineSync.setState({ userId: null, waiting: 0 });
  };
}

/**
 * Before signing out: one last sync. Reviews still waiting after it are lost with the sign-out,
 * so the learner is asked first. True: go on (and this browser forgets the learner's offline data).
 */
export async function readyToSignOut(userId: string, confirm: (waiting: number) => boolean): Promise<boolean> {
  if (navigator.onLine) await syncNow(userId);
  const waiting = await refreshWaiting(userId);
  if (waiting > 0 && !confirm(waiting)) return false;
  await clearOfflineData(userId);
  return true;
}

export const waitingText = (n: number) =>
  n === 0 ? 'All changes synced' : `${n} ${n === 1 ? 'review' : 'reviews'} waiting to sync`;
