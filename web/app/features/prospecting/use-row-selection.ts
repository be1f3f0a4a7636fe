/**
 * The rows ticked in a page of a tool's results, to add them to a prospecting list at once. The
 * selection belongs to the page shown: another page or another search starts empty, so that no
 * row out of sight is added.
 */
import { useState } from 'react';

const NONE: ReadonlySet<string> = new Set();

export function useRowSelection<T>(rows: readonly T[], idOf: (row: T) => string) {
  const [state, setState] = useState<{ of: readonly T[]; ids: ReadonlySet<string> }>({ of: rows, ids: NONE });
  const ids = state.of === rows ? state.ids : NONE;
  const set = (next: ReadonlySet<string>) => setState({ of: rows, ids: next });
  const all = rows.length > 0 && rows.every((r) => ids.has(idOf(r)));
  return {
    count: ids.size,
    all,
    some: ids.size > 0 && !all,
    has: (row: T) => ids.has(idOf(row)),
    toggle(row: T) {
      const next = new Set(ids);
      if (!next.delete(idOf(row))) next.add(idOf(row));
      set(next);
    },
    toggleAll: () => set(all ? NONE : new Set(rows.map(idOf))),
    clear: () => set(NONE),
    /** The rows ticked, in the page's order. */
    selected: () => rows.filter((r) => ids.has(idOf(r))),
  };
}

export type RowSelection<T> = ReturnType<typeof useRowSelection<T>>;
