/**
 * Asks the browser to keep this site's storage under pressure: reviews made offline wait in
 * IndexedDB, and an evicted outbox would lose them. Browsers may say no (Chromium decides by
 * engagement, an installed app is granted); nothing else changes then.
 */
export async function persistStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  try {
    return (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    return false;
  }
}
