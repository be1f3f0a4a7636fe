/**
 * One page of the automatic list, in the order chosen. The first answer records the visit and says
 * the previous one (`since`); every later page or order passes that `since` back, so that the
 * « Nouveau » marks of this visit stay on page 2 and after a change of order.
 */
import type { AutoListSort } from '@immoloupe/shared/listings/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { errorText } from '~/lib/query-client';
import { automaticList } from './api';

export interface AutoListView {
  page: number;
  sort: AutoListSort;
  order: 'asc' | 'desc';
}

export function useAutoList(view: AutoListView) {
  /** Undefined until the first answer: then the previous visit (null: none). */
  const since = useRef<string | null | undefined>(undefined);
  const q = useQuery({
    // `since` stays out of the key: it belongs to the visit, not to the page asked, and learning it must not read page 1 again.
    queryKey: ['listings', 'auto', view],
    queryFn: async ({ signal }) => {
      const d = await automaticList({ ...view, since: since.current }, signal);
      if (since.current === undefined) since.current = d.since;
      return d;
    },
    // The page shown stays until the next page or order arrives.
    placeholderData: keepPreviousData,
  });
  return { data: q.data ?? null, loading: q.isFetching, error: errorText(q.error, 'Le chargement a échoué.') };
}
