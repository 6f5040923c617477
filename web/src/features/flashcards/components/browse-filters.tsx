import { CARD_STATES, type TDeckSummary } from '@learnboost/api/contract';
import { DeckSelect } from '../../../components/deck-select';
import { fieldControl, LabelledField, TextField } from '../../../components/ui/text-field';
import type { BrowseFilters } from '../use-card-search';

const STATE_NAMES: Record<(typeof CARD_STATES)[number], string> = {
  new: 'New',
  learning: 'Learning',
  review: 'Review',
  relearning: 'Relearning',
  suspended: 'Suspended',
};
export const stateName = (state: string) => STATE_NAMES[state as keyof typeof STATE_NAMES] ?? state;

/** The search box and the filters; each change searches again from the first page. */
export function BrowseFiltersBar({
  filters,
  decks,
  onChange,
}: {
  filters: BrowseFilters;
  decks: TDeckSummary[];
  onChange: (change: Partial<BrowseFilters>) => void;
}) {
  return (
    <search className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <TextField
        label="Search"
        type="search"
        placeholder="Words in the question or answer"
        value={filters.q}
        onChange={(e) => onChange({ q: e.target.value })}
      />
      <DeckSelect
        label="Deck"
        decks={decks}
        noneLabel="All decks"
        value={filters.deckId}
        onChange={(deckId) => onChange({ deckId })}
      />
      <LabelledField label="State">
        {(id) => (
          <select
            id={id}
            className={fieldControl}
            value={filters.state}
            onChange={(e) => onChange({ state: e.target.value })}
          >
            <option value="">Any state</option>
            {CARD_STATES.map((state) => (
              <option key={state} value={state}>
                {STATE_NAMES[state]}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
      <LabelledField label="Due">
        {(id) => (
          <select
            id={id}
            className={fieldControl}
            value={filters.due}
            onChange={(e) => onChange({ due: e.target.value })}
          >
            <option value="">Any time</option>
            <option value="today">Due today</option>
            <option value="overdue">Overdue</option>
          </select>
        )}
      </LabelledField>
    </search>
  );
}
