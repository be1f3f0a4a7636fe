/** Loads a permit search (`GET /api/permits/search`): the commune's Sitadel authorisations matching the filters. */
import { type PermitSearch, permitSearchSchema } from '@immoloupe/shared/permits/contracts';
import { useEffect, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api';

export interface PermitSearchState {
  data: PermitSearch | null;
  error: string | null;
  loading: boolean;
}

/** `query`: the search's URL query (`commune=31555&logementsMin=10`), or null to search nothing yet. */
export function usePermitSearch(query: string | null): PermitSearchState {
  const [state, setState] = useState<PermitSearchState>({ data: null, error: null, loading: false });
  useEffect(() => {
    if (query === null) {
      setState({ data: null, error: null, loading: false });
      return;
    }
    let live = true;
    setState({ data: null, error: null, loading: true });
    apiFetch(`/api/permits/search?${query}`, permitSearchSchema)
      .then((data) => live && setState({ data, error: null, loading: false }))
      .catch(
        (err: unknown) =>
          live &&
          setState({ data: null, error: err instanceof ApiError ? err.message : 'Les permis n’ont pas pu être chargés.', loading: false }),
      );
    return () => {
      live = false;
    };
  }, [query]);
  return state;
}
