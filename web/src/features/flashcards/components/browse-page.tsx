import { useState } from 'react';
import { Breadcrumb } from '../../../components/breadcrumb';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { useMediaQuery } from '../../../lib/use-media-query';
import { type DeckChoice, DeckChoiceContext } from '../deck-context';
import { type BrowseFilters, NO_FILTERS, type SortKey, useCardSearch } from '../use-card-search';
import { useRowSelection } from '../use-row-selection';
import { BrowseFiltersBar } from './browse-filters';
import { BrowseList } from './browse-list';
import { BrowseTable } from './browse-table';
import { BulkActions } from './bulk-actions';

const EMPTY =
  'rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200';

/** "Browse": every card, found by words, deck, state and due date, and changed many at a time. */
export function BrowsePage(choice: DeckChoice) {
  // The browser opens on the deck being studied; its filter is its own from then on.
  const [filters, setFilters] = useState<BrowseFilters>({ ...NO_FILTERS, deckId: choice.deckId ?? '' });
  const { cards, nextCursor, status, loadMore, reload } = useCardSearch(filters);
  const selection = useRowSelection(cards.map((c) => c.id));
  const filtered = filters.q.trim() !== '' || filters.deckId !== '' || filters.state !== '' || filters.due !== '';
  // A table of seven columns needs sideways scrolling on a phone: there, one card each.
  const phone = useMediaQuery('(max-width: 639px)');
  const view = { cards, sort: filters.sort, onSort: (sort: SortKey) => change({ sort }), selection };

  function change(next: Partial<BrowseFilters>) {
    selection.clear();
    setFilters((before) => ({ ...before, ...next }));
  }

  return (
    <DeckChoiceContext value={choice}>
      <div className="mx-auto flex max-w-6xl flex-col gap-5">
        <div>
          <Breadcrumb current="Browse" parent={{ to: '/flashcards', label: 'Flashcards' }} />
          <PageHeader title="Browse">Find cards, then move, suspend or delete many at once.</PageHeader>
        </div>
        <BrowseFiltersBar filters={filters} decks={choice.decks} onChange={change} />
        <BulkActions
          ids={selection.selected}
          decks={choice.decks}
          onDone={() => {
            selection.clear();
            reload();
            choice.cardsChanged();
          }}
        />
        {cards.length > 0 ? (
          <div aria-busy={status === 'refreshing'} className="contents">
            {phone ? <BrowseList {...view} /> : <BrowseTable {...view} />}
            {nextCursor && (
              <Button variant="outline" className="self-center" onClick={() => void loadMore()}>
                Load more
              </Button>
            )}
          </div>
        ) : status === 'loading' ? (
          <p className="text-slate-600 dark:text-slate-300">Searching...</p>
        ) : status === 'failed' ? (
          <p className={EMPTY}>The cards could not be searched. Try again in a moment.</p>
        ) : (
          <p className={EMPTY}>{filtered ? 'No cards match' : 'No flashcards yet. Create your first one!'}</p>
        )}
        <p aria-live="polite" className="sr-only">
          {status === 'ready' ? `${cards.length}${nextCursor ? ' or more' : ''} cards found` : ''}
        </p>
      </div>
    </DeckChoiceContext>
  );
}
