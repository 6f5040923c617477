import type { TDeckSummary } from '@learnboost/api/contract';
import type { SelectHTMLAttributes } from 'react';
import { cn } from '../lib/cn';
import { deckRows } from '../lib/deck-tree';
import { fieldControl, LabelledField } from './ui/text-field';

interface DeckSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange'> {
  label: string;
  decks: TDeckSummary[];
  value: string;
  onChange: (deckId: string) => void;
  /** A first option that is no deck ("All decks", "Choose a deck"), with the value ''. */
  noneLabel?: string;
  /** Counts after each name ("3 due · 2 new"), as the deck picker shows them. */
  withCounts?: boolean;
  /** Options left out (the deck being deleted cannot receive its own cards). */
  exclude?: string;
}

const INDENT = '\u00a0\u00a0\u00a0';

/** A deck choice: nested decks indented under their parent, as Anki lists them. */
export function DeckSelect({
  label,
  decks,
  value,
  onChange,
  noneLabel,
  withCounts,
  exclude,
  className,
  ...props
}: DeckSelectProps) {
  return (
    <LabelledField label={label} className={className}>
      {(id) => (
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={cn(fieldControl)}
          {...props}
        >
          {noneLabel !== undefined && <option value="">{noneLabel}</option>}
          {deckRows(decks)
            .filter(({ deck }) => deck.id !== exclude)
            .map(({ deck, depth, label: name }) => (
              <option key={deck.id} value={deck.id}>
                {INDENT.repeat(depth)}
                {name}
                {withCounts ? ` (${deck.dueCount} due · ${deck.newCount} new)` : ''}
              </option>
            ))}
        </select>
      )}
    </LabelledField>
  );
}
