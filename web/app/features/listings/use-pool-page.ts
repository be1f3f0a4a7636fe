/**
 * One page of a listing search over the pool, in the order chosen (decision 1440): the list beside
 * the listings map pages through every listing the search finds, not the map's newest only. A new
 * search starts again at page 1, newest first.
 */
import type { AutoListSort } from '@immoloupe/shared/listings/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '~/lib/api';
import { poolListings } from './api';

export interface PoolPageView {
  page: number;
  sort: AutoListSort;
  order: 'asc' | 'desc';
}

export const FIRST_POOL_PAGE: PoolPageView = { page: 1, sort: 'recent', order: 'desc' };

export function usePoolPage(query: string, enabled: boolean) {
  const [view, setView] = useState<{ of: string; v: PoolPageView }>({ of: query, v: FIRST_POOL_PAGE });
  const current = view.of === query ? view.v : FIRST_POOL_PAGE;
  const { page, sort, order } = current;
  const paging = new URLSearchParams({ page: String(page), sort, order });
  const url = query ? `${query}&${paging}` : paging.toString();
  const q = useQuery({
    queryKey: ['listings', 'pool-page', url],
    queryFn: ({ signal }) => poolListings(url, signal),
    enabled,
    // The page shown stays until the next page, order or search arrives.
    placeholderData: keepPreviousData,
  });
  // A refused search says which filter is wrong (the first issue), not only that it was refused.
  const error = q.error
    ? q.error instanceof ApiError
      ? (q.error.issues[0]?.message ?? q.error.message)
      : 'La liste n’a pas pu être chargée.'
    : null;
  return { data: q.data ?? null, loading: q.isFetching, error, view: current, setView: (v: PoolPageView) => setView({ of: query, v }) };
}
