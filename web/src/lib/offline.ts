import { useSyncExternalStore } from 'react';

/** What an action that needs the server says with no network, instead of failing. */
export const YOU_ARE_OFFLINE = "You're offline";

/**
 * The service worker's copy of the planner's, the dashboard's and the tests' last answers
 * (vite.config.ts, runtimeCaching): shown with no network, forgotten at sign-out.
 */
export const LAST_DATA_CACHE = 'api-last-data';

export async function forgetLastData(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(LAST_DATA_CACHE).catch(() => false);
}

const subscribe = (change: () => void) => {
  window.addEventListener('online', change);
  window.addEventListener('offline', change);
  return () => {
    window.removeEventListener('online', change);
    window.removeEventListener('offline', change);
  };
};

/** Whether the browser has a network, kept up to date. */
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine);
