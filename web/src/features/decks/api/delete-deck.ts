import { request } from '../../../lib/api-client';

/** What becomes of the deck's cards: deleted with it, or moved to another deck. */
export type DeckCardsFate = { cards: 'delete' } | { moveTo: string };

export const deleteDeck = async (id: string, fate: DeckCardsFate): Promise<void> => {
  const query = 'cards' in fate ? 'cards=delete' : `moveTo=${encodeURIComponent(fate.moveTo)}`;
  await request(`/decks/${encodeURIComponent(id)}?${query}`, { method: 'DELETE' });
};
