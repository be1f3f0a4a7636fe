/**
 * The commune search of `GET /api/market/communes?q=` (a name, a postcode or an INSEE code): the
 * communes matching what the user types (with their postcodes), and the names of INSEE codes that
 * come from elsewhere.
 */

import type { CommuneNaming } from '@immoloupe/shared/commune-label';
import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { apiFetch } from '~/lib/api';

export const communeHitSchema = z.array(
  z.object({
    insee: z.string(),
    nom: z.string(),
    codesPostaux: z.array(z.string()).default([]),
    mergedInto: z.object({ insee: z.string(), nom: z.string() }).optional(),
  }),
);
export type CommuneHit = z.infer<typeof communeHitSchema>[number];

const NONE: readonly CommuneNaming[] = [];
const searchCommunes = (q: string) => apiFetch(`/api/market/communes?q=${encodeURIComponent(q)}`, communeHitSchema);

/** Communes matching what the user types (name, postcode or INSEE code), 200 ms after the last keystroke. */
export function useCommuneSearch(text: string): CommuneHit[] {
  const [hits, setHits] = useState<CommuneHit[]>([]);
  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) return;
    // Only the answer for the current text counts: an earlier one arriving late would replace it.
    let live = true;
    const timer = setTimeout(() => {
      searchCommunes(q)
        .then((found) => live && setHits(found))
        .catch(() => live && setHits([]));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);
  return hits;
}

/**
 * The names of `codes` (INSEE): those `known` or remembered, else asked once of the commune search,
 * which answers for an INSEE code. A code it does not know keeps no name. `communes` also holds
 * the postcodes of those the search gave (a `known` commune may come without them).
 */
export function useCommuneNames(codes: readonly string[], known: readonly CommuneNaming[] = NONE) {
  const [found, setFound] = useState<Record<string, CommuneNaming>>({});
  const asked = useRef(new Set<string>());
  const mounted = useRef(true);
  const communes = useMemo(() => ({ ...Object.fromEntries(known.map((c) => [c.insee, c])), ...found }), [known, found]);
  const names = useMemo(() => Object.fromEntries(Object.entries(communes).map(([code, c]) => [code, c.nom])), [communes]);
  const key = codes.join(',');

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    for (const code of key.split(',').filter(Boolean)) {
      if (names[code] !== undefined || asked.current.has(code)) continue;
      asked.current.add(code);
      // Not dropped when the codes change meanwhile: the name of a code stays true.
      searchCommunes(code)
        .then((hits) => {
          const hit = hits.find((c) => c.insee === code.toUpperCase());
          if (hit && mounted.current) setFound((f) => ({ ...f, [code]: hit }));
        })
        .catch(() => undefined);
    }
  }, [key, names]);

  const remember = (c: CommuneNaming) => setFound((f) => ({ ...f, [c.insee]: c }));
  return { names, communes, remember };
}
