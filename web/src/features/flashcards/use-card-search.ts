import type { TFoundCard } from '@learnboost/api/contract';
import { useEffect, useRef, useState } from 'react';
import { toastFailure } from '../../lib/errors';
import { searchFlashcards } from './api/search-flashcards';

export type SortKey = 'due' | 'created' | 'lapses';

export interface BrowseFilters {
  q: string;
  deckId: string;
  state: string;
  due: string;
  sort: SortKey;
}

export const NO_FILTERS: BrowseFilters = { q: '', deckId: '', state: '', due: '', sort: 'due' };
const PAGE = 50;
const TYPING_PAUSE_MS = 300;

/**
 * The browser's results: the first page again whenever a filter changes (the words a moment
 * after the learner stops typing), "Load more" from the api's cursor. An answer to an older
 * search never replaces a newer one. The last answer stays on screen while the next one is on its
 * way ('refreshing'), so the list never blinks to "Searching..." between two searches.
 */
export function useCardSearch(filters: BrowseFilters) {
  const [cards, setCards] = useState<TFoundCard[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [status, setStatus] = useState<'loading' | 'refreshing' | 'ready' | 'failed'>('loading');
  const [q, setQ] = useState(filters.q);
  const [reloads, setReloads] = useState(0);
  const current = useRef<AbortController | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQ(filters.q), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [filters.q]);

  const { deckId, state, due, sort } = filters;
  const search = { q: q.trim(), deckId, state, due, sort, limit: PAGE };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` asks for the first page again after a change.
  useEffect(() => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setStatus((before) => (before === 'ready' || before === 'refreshing' ? 'refreshing' : 'loading'));
    searchFlashcards(search, controller.signal).then(
      (page) => {
        setCards(page.cards);
        setNextCursor(page.nextCursor);
        setStatus('ready');
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        toastFailure('Could not search the cards', error);
        setStatus('failed');
      },
    );
    return () => controller.abort();
  }, [search.q, deckId, state, due, sort, reloads]);

  async function loadMore() {
    if (!nextCursor) return;
    const controller = current.current;
    try {
      const page = await searchFlashcards({ ...search, cursor: nextCursor }, controller?.signal);
      if (controller?.signal.aborted) return;
      setCards((shown) => [...shown, ...page.cards]);
      setNextCursor(page.nextCursor);
    } catch (error) {
      if (!controller?.signal.aborted) toastFailure('Could not load more cards', error);
    }
  }

  return { cards, nextCursor, status, loadMore, reload: () => setReloads((n) => n + 1) };
}
