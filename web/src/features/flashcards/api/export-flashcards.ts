import { readToken } from '../../../lib/token-storage';

/**
 * The deck as a CSV file. Not through `request`: the answer is a file, not JSON, and a plain link
 * could not carry the bearer token.
 */
export async function exportFlashcards(): Promise<Blob> {
  const token = readToken();
  const res = await fetch('/api/flashcards/export', { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`Export failed (HTTP ${res.status})`);
  return res.blob();
}
