/**
 * Which groups of the pro menu are open. Remembered per browser (localStorage), so that an agent
 * who keeps « Annonces » open finds it open tomorrow; the group of the page shown opens on arrival,
 * so the current entry is never folded away by a navigation (it stays foldable by hand).
 *
 * The server knows no localStorage: the first render opens the current group only, the stored
 * choice applies once hydrated.
 */
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';

export const NAV_GROUPS_KEY = 'immoloupe.menu-groupes';

const storedSchema = z.record(z.string(), z.boolean());
type OpenGroups = Record<string, boolean>;

function readStored(): OpenGroups {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(window.localStorage.getItem(NAV_GROUPS_KEY) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    // Unreadable (private mode, a hand-edited value): the defaults.
    return {};
  }
}

function store(open: OpenGroups): void {
  try {
    window.localStorage.setItem(NAV_GROUPS_KEY, JSON.stringify(open));
  } catch {
    // Storage full or refused: the choice lasts for this page only.
  }
}

export function useNavGroups(current: string | null): { isOpen: (group: string) => boolean; toggle: (group: string) => void } {
  const [open, setOpen] = useState<OpenGroups>(() => (current ? { [current]: true } : {}));
  useEffect(() => {
    setOpen((was) => {
      const next = { ...was, ...readStored(), ...(current ? { [current]: true } : {}) };
      store(next);
      return next;
    });
  }, [current]);
  const toggle = useCallback((group: string) => {
    setOpen((was) => {
      const next = { ...was, [group]: !was[group] };
      store(next);
      return next;
    });
  }, []);
  return { isOpen: (group) => open[group] === true, toggle };
}
