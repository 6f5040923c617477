import type { TDeckSummary } from '@learnboost/api/contract';

/** A deck as the picker shows it: its own name indented under its parent's. */
export interface DeckRow {
  deck: TDeckSummary;
  depth: number;
  label: string;
}

/**
 * Decks in tree order. The api sorts by name; "Biology::Cells" sorts after "Biology" but
 * "Biology 2" would fall between, so the order is rebuilt from the levels, not the string.
 * A nested deck whose parent is missing keeps its full name at the top level.
 */
export function deckRows(decks: TDeckSummary[]): DeckRow[] {
  const names = new Set(decks.map((d) => d.name));
  const levels = (name: string) => name.split('::');
  const sorted = [...decks].sort((a, b) => {
    const x = levels(a.name);
    const y = levels(b.name);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const order = (x[i] as string).localeCompare(y[i] as string);
      if (order !== 0) return order;
    }
    return x.length - y.length;
  });
  return sorted.map((deck) => {
    const present = ancestorsOf(deck.name).filter((a) => names.has(a));
    const parent = present[0];
    return { deck, depth: present.length, label: parent ? deck.name.slice(parent.length + 2) : deck.name };
  });
}

/** "A::B::C" → ["A::B", "A"]: nearest first. */
function ancestorsOf(name: string): string[] {
  const out: string[] = [];
  for (let at = name.lastIndexOf('::'); at > 0; at = name.lastIndexOf('::', at - 1)) out.push(name.slice(0, at));
  return out;
}

/** "All decks": the top-level decks' counts already include their subdecks. */
export function allDecksCounts(decks: TDeckSummary[]) {
  const names = new Set(decks.map((d) => d.name));
  const top = decks.filter((d) => !ancestorsOf(d.name).some((a) => names.has(a)));
  return {
    cardCount: top.reduce((n, d) => n + d.cardCount, 0),
    dueCount: top.reduce((n, d) => n + d.dueCount, 0),
    newCount: top.reduce((n, d) => n + d.newCount, 0),
  };
}
