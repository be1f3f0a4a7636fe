/**
 * « Ma zone » as the default place of a search tool: once the territory is known to exist and the
 * page's URL names no place, `apply` switches the page to it (once). The server does the same for
 * an API call without a place; the page does it too so the choice shows in the form and the URL.
 */
import { useEffect, useRef } from 'react';
import { useTerritory } from './use-territory';

export function useZoneDefault(namesPlace: boolean, apply: () => void): boolean {
  // No zone readable (an error): the page keeps its own default place.
  const hasZone = Boolean(useTerritory().data);
  const applied = useRef(false);
  const initial = useRef({ namesPlace, apply });
  useEffect(() => {
    if (!hasZone || initial.current.namesPlace || applied.current) return;
    applied.current = true;
    initial.current.apply();
  }, [hasZone]);
  return hasZone;
}
