import { useRef, useState } from 'react';

/**
 * Rows chosen in the browser: one at a time, a range with Shift (from the last row toggled, as
 * in a file manager), or every row shown. Rows gone from the list (a new search) drop out.
 */
export function useRowSelection(ids: string[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<number | null>(null);
  const selected = ids.filter((id) => chosen.has(id));

  function toggle(index: number, range: boolean) {
    const id = ids[index];
    if (id === undefined) return;
    const on = !chosen.has(id);
    const from = range && anchor.current !== null ? Math.min(anchor.current, index) : index;
    const to = range && anchor.current !== null ? Math.max(anchor.current, index) : index;
    setChosen((before) => {
      const next = new Set(before);
      for (const rowId of ids.slice(from, to + 1)) {
        if (on) next.add(rowId);
        else next.delete(rowId);
      }
      return next;
    });
    anchor.current = index;
  }

  const all = ids.length > 0 && selected.length === ids.length;
  return {
    selected,
    isSelected: (id: string) => chosen.has(id),
    toggle,
    all,
    some: selected.length > 0 && !all,
    toggleAll: () => setChosen(all ? new Set() : new Set(ids)),
    clear: () => {
      anchor.current = null;
      setChosen(new Set());
    },
  };
}
