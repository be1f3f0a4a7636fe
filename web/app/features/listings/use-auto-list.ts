/**
 * One page of the automatic list, in the order chosen. The first answer records the visit and says
 * the previous one (`since`); every later page or order passes that `since` back, so that the
 * « Nouveau » marks of this visit stay on page 2 and after a change of order.
 */
import type { AutoList, AutoListSort } from '@immoloupe/shared/listings/search';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '~/lib/api';
import { automaticList } from './api';

export interface AutoListView {
  page: number;
  sort: AutoListSort;
  order: 'asc' | 'desc';
}

export function useAutoList(view: AutoListView) {
  const [data, setData] = useState<AutoList | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  /** Undefined until the first answer: then the previous visit (null: none). */
  const since = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setLoading(true);
    automaticList({ ...view, since: since.current })
      .then((d) => {
        if (!live) return;
        if (since.current === undefined) since.current = d.since;
        setData(d);
        setError(null);
      })
      .catch((e: unknown) => live && setError(e instanceof ApiError ? e.message : 'Le chargement a échoué.'))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [view]);
  return { data, loading, error };
}
