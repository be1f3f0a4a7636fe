/**
 * The commune search of `GET /api/market/communes?q=` (a name, a postcode or an INSEE code): the
 * communes matching what the user types (with their postcodes), and the names of INSEE codes that
 * come from elsewhere.
 */

import type { CommuneNaming } from '@immoloupe/shared/commune-label';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { apiFetch } from '~/lib/api';
import { REFERENCE_STALE_MS } from '~/lib/query-client';

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
const searchCommunes = (q: string, signal?: AbortSignal) =>
  apiFetch(`/api/market/communes?q=${encodeURIComponent(q)}`, communeHitSchema, { signal });
/** A commune's name and postcodes change with an import, not while one types. */
const communeSearch = (q: string) => ({
  queryKey: ['communes', 'search', q],
  queryFn: ({ signal }: { signal: AbortSignal }) => searchCommunes(q, signal),
  staleTime: REFERENCE_STALE_MS,
});

/** Communes matching what the user types (name, postcode or INSEE code), 200 ms after the last keystroke. */
export function useCommuneSearch(text: string): CommuneHit[] {
  const [typed] = useDebouncedValue(text.trim(), 200);
  const q = useQuery({
    ...communeSearch(typed),
    enabled: typed.length >= 2,
    // Fewer than two letters: the last communes found stay offered.
    placeholderData: keepPreviousData,
  });
  return q.isError ? [] : (q.data ?? []);
}

/**
 * The names of `codes` (INSEE): those `known` or remembered, else asked once of the commune search,
 * which answers for an INSEE code. A code it does not know keeps no name. `communes` also holds
 * the postcodes of those the search gave (a `known` commune may come without them).
 */
export function useCommuneNames(codes: readonly string[], known: readonly CommuneNaming[] = NONE) {
  const [remembered, setRemembered] = useState<Record<string, CommuneNaming>>({});
  const given = useMemo(() => ({ ...Object.fromEntries(known.map((c) => [c.insee, c])), ...remembered }), [known, remembered]);
  const missing = codes.filter((code) => code && given[code] === undefined);
  const answers = useQueries({ queries: missing.map((code) => communeSearch(code)) });
  const found: Record<string, CommuneNaming> = {};
  missing.forEach((code, i) => {
    const hit = answers[i]?.data?.find((c) => c.insee === code.toUpperCase());
    if (hit) found[code] = hit;
  });
  const foundKey = Object.keys(found).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `found` is new at each render; its codes say when it changed.
  const communes = useMemo(() => ({ ...given, ...found }), [given, foundKey]);
  const names = useMemo(() => Object.fromEntries(Object.entries(communes).map(([code, c]) => [code, c.nom])), [communes]);

  const remember = (c: CommuneNaming) => setRemembered((f) => ({ ...f, [c.insee]: c }));
  return { names, communes, remember };
}
