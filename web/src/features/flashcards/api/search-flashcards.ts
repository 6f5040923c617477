import { type TCardSearchResult, ZCardSearchResult } from '@learnboost/api/contract';
import { requestParsed } from '../../../lib/api-client';

export interface CardSearch {
  q?: string;
  deckId?: string;
  state?: string;
  due?: string;
  sort?: string;
  cursor?: string;
  limit?: number;
}

/** One page of the card browser: the filters left empty are not sent. */
export const searchFlashcards = (search: CardSearch, signal?: AbortSignal): Promise<TCardSearchResult> => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return requestParsed(`/flashcards/search?${params}`, ZCardSearchResult, { signal });
};
