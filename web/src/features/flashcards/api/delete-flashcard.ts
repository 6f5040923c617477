import { request } from '../../../lib/api-client';

export const deleteFlashcard = async (id: string): Promise<void> => {
  await request(`/flashcards/${encodeURIComponent(id)}`, { method: 'DELETE' });
};
