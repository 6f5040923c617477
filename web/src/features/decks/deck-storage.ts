// The deck the learner last chose, so studying resumes there. localStorage can throw (private
// mode); forgetting the choice is harmless.
const CHOSEN_DECK = 'learnboost_deck';

export function readChosenDeck(): string | null {
  try {
    return localStorage.getItem(CHOSEN_DECK);
  } catch {
    return null;
  }
}

export function saveChosenDeck(deckId: string | null): void {
  try {
    if (deckId) localStorage.setItem(CHOSEN_DECK, deckId);
    else localStorage.removeItem(CHOSEN_DECK);
  } catch {}
}
