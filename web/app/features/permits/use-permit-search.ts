/** Loads a permit search (`GET /api/permits/search`): the commune's Sitadel authorisations matching the filters. */
import { type PermitSearch, permitSearchSchema } from '@immoloupe/shared/permits/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '~/lib/api';
import { errorText } from '~/lib/query-client';

export interface PermitSearchState {
  data: PermitSearch | null;
  error: string | null;
  loading: boolean;
}

/** `query`: the search's URL query (`commune=31555&logementsMin=10`), or null to search nothing yet. */
export function usePermitSearch(query: string | null): PermitSearchState {
  const q = useQuery({
    queryKey: ['permits', 'search', query],
    queryFn: ({ signal }) => apiFetch(`/api/permits/search?${query}`, permitSearchSchema, { signal }),
    enabled: query !== null,
  });
  if (query === null) return { data: null, error: null, loading: false };
  return { data: q.data ?? null, error: errorText(q.error, 'Les permis n’ont pas pu être chargés.'), loading: q.isLoading };
}
