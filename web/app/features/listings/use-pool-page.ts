/**
 * One page of a listing search over the pool, in the order chosen (decision 1440): the list beside
 * the listings map pages through every listing the search finds, not the map's newest only. A new
 * search starts again at page 1, newest first.
 */
import type { AutoListSort, PoolResponse } from '@immoloupe/shared/listings/search';
import { useEffect, useState } from 'react';
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
  const [data, setData] = useState<PoolResponse | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { page, sort, order } = current;
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setLoading(true);
    const paging = new URLSearchParams({ page: String(page), sort, order });
    poolListings(query ? `${query}&${paging}` : paging.toString())
      .then((d) => {
        if (!live) return;
        setData(d);
        setError(null);
      })
      .catch(
        (e: unknown) => live && setError(e instanceof ApiError ? (e.issues[0]?.message ?? e.message) : 'La liste n’a pas pu être chargée.'),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [query, enabled, page, sort, order]);
  return { data, loading, error, view: current, setView: (v: PoolPageView) => setView({ of: query, v }) };
}
