/**
 * The fetching of the prospecting search tools, written once: the result of the current query
 * (the DPE and co-ownership searches), and the detail of one item opened in a drawer. A stale
 * answer (the query changed meanwhile) is dropped.
 */
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { ApiError, apiFetch } from '~/lib/api';

const messageOf = (e: unknown, fallback: string, issues: boolean) =>
  e instanceof ApiError ? ((issues ? e.issues[0]?.message : undefined) ?? e.message) : fallback;

/** The answer of `url` (re-fetched when it changes), the French error otherwise; null: nothing to ask. */
export function useSearchResult<S extends z.ZodType>(url: string | null, schema: S) {
  const [result, setResult] = useState<z.infer<S> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setError(null);
    if (url === null) {
      setResult(null);
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    apiFetch(url, schema)
      .then((r) => live && setResult(r))
      .catch((e: unknown) => {
        if (!live) return;
        setResult(null);
        setError(messageOf(e, 'La recherche a échoué.', true));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [url, schema]);
  return { result, error, setError, loading };
}

/** The detail at `url` (null: nothing open), the French error otherwise. */
export function useDetail<S extends z.ZodType>(url: string | null, schema: S, failure: string) {
  const [detail, setDetail] = useState<z.infer<S> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    setDetail(null);
    setError(null);
    apiFetch(url, schema)
      .then((d) => live && setDetail(d))
      .catch((e: unknown) => live && setError(messageOf(e, failure, false)));
    return () => {
      live = false;
    };
  }, [url, schema, failure]);
  return { detail, error };
}
