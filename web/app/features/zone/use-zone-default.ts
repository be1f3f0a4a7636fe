/**
 * « Ma zone » as the default place of a search tool: once the territory is known to exist and the
 * page's URL names no place, `apply` switches the page to it (once). The server does the same for
 * an API call without a place; the page does it too so the choice shows in the form and the URL.
 */
import { useEffect, useRef, useState } from 'react';
import { fetchTerritory } from './zone-api';

export function useZoneDefault(namesPlace: boolean, apply: () => void): boolean {
  const [hasZone, setHasZone] = useState(false);
  const applied = useRef(false);
  const initial = useRef({ namesPlace, apply });
  useEffect(() => {
    let live = true;
    fetchTerritory()
      .then((t) => {
        if (!live || !t) return;
        setHasZone(true);
        if (!initial.current.namesPlace && !applied.current) {
          applied.current = true;
          initial.current.apply();
        }
      })
      .catch(() => {
        // No zone readable: the page keeps its own default place.
      });
    return () => {
      live = false;
    };
  }, []);
  return hasZone;
}
