/** `deckId=…` for a chosen deck (it and the decks nested under it); nothing for all decks. */
export const deckQuery = (deckId: string | null, lead: '?' | '&' = '?') =>
  deckId ? `${lead}deckId=${encodeURIComponent(deckId)}` : '';
