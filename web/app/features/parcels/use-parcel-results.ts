/** The parcels found for the search made (`GET /api/parcels`), one page at a time. */
import { type ParcelSearchResult, parcelSearchResultSchema } from '@immoloupe/shared/parcels/search-contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '~/lib/api';
import { type ParcelForm, parcelQuery } from './parcel-search.logic';

export function useParcelResults(searched: ParcelForm | null, offset: number) {
  const url = searched ? `/api/parcels?${parcelQuery(searched, offset)}` : null;
  const q = useQuery({
    queryKey: ['parcels', 'search', url],
    queryFn: ({ signal }) => apiFetch(url ?? '', parcelSearchResultSchema, { signal }),
    enabled: url !== null,
    // The last page of results stays while the next is read; a refused search shows its message alone.
    placeholderData: keepPreviousData,
  });
  const result: ParcelSearchResult | null = url && !q.error ? (q.data ?? null) : null;
  return {
    result,
    /** The answer of this very search (not the previous one shown meanwhile): what it selects and fills in. */
    arrived: url && !q.isPlaceholderData ? (q.data ?? null) : null,
    error: q.error ? (q.error instanceof ApiError ? (q.error.issues[0]?.message ?? q.error.message) : 'La recherche a échoué.') : null,
    loading: url !== null && q.isFetching,
  };
}
