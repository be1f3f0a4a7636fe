/**
 * The fetching of the prospecting search tools, written once: the result of the current query
 * (the DPE and co-ownership searches), and the detail of one item opened in a drawer. An answer
 * to a query the page has left is dropped by TanStack Query.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError, apiFetch } from '~/lib/api';

const messageOf = (e: unknown, fallback: string, issues: boolean) =>
  e instanceof ApiError ? ((issues ? e.issues[0]?.message : undefined) ?? e.message) : fallback;

/** The answer of `url` (re-fetched when it changes), the French error otherwise; null: nothing to ask. */
export function useSearchResult<S extends z.ZodType>(url: string | null, schema: S) {
  const q = useQuery({
    queryKey: ['search', url],
    queryFn: ({ signal }): Promise<z.infer<S>> => apiFetch(url ?? '', schema, { signal }),
    enabled: url !== null,
    // The results stay on screen while the next query is answered.
    placeholderData: keepPreviousData,
  });
  // The page's own message (a form refused before sending) lasts until the query changes.
  const [own, setOwn] = useState<{ url: string | null; message: string | null }>({ url, message: null });
  const setError = (message: string | null) => setOwn({ url, message });
  const ownError = own.url === url ? own.message : null;
  const result = url === null ? null : (q.data ?? null);
  const error = ownError ?? (q.error ? messageOf(q.error, 'La recherche a échoué.', true) : null);
  return { result, error, setError, loading: url !== null && q.isFetching };
}

/** The detail at `url` (null: nothing open), the French error otherwise. */
export function useDetail<S extends z.ZodType>(url: string | null, schema: S, failure: string) {
  const q = useQuery({
    queryKey: ['detail', url],
    queryFn: ({ signal }): Promise<z.infer<S>> => apiFetch(url ?? '', schema, { signal }),
    enabled: url !== null,
  });
  return { detail: q.data ?? null, error: q.error ? messageOf(q.error, failure, false) : null };
}
