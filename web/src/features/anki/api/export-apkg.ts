import { requestBlob } from '../../../lib/api-client';

/** The learner's cards (or one deck's) as an Anki package. */
export const exportApkg = (deckId?: string): Promise<Blob> =>
  requestBlob(`/flashcards/export.apkg${deckId ? `?deckId=${encodeURIComponent(deckId)}` : ''}`);
