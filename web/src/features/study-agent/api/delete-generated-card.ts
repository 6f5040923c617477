import { request } from '../../../lib/api-client';

export const deleteGeneratedCard = async (id: string): Promise<void> => {
  await request(`/flashcards/${encodeURIComponent(id)}`, { method: 'DELETE' });
};
