/**
 * The one data layer of the web app (decision 1490): every API read goes through TanStack Query,
 * which drops the answer of a request the page no longer wants (filters changed, page left) and
 * keeps what was read for the next visit. Hooks pass `signal` to `apiFetch`, so such a request is
 * also aborted.
 */
import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '~/lib/api';

/**
 * A page shown again is read again, as before (its answer is shown meanwhile): a list changed on
 * another page (an address saved from an analysis) can never stay stale. What changes only with a
 * deployment or an import (data freshness, extension packages) says so with `REFERENCE_STALE_MS`.
 */
export const STALE_TIME_MS = 0;
export const REFERENCE_STALE_MS = 5 * 60_000;

/**
 * A failure worth one more try: the server unreachable or failing (5xx other than 500, which is a
 * bug and fails the same way twice). A refusal (4xx) or an answer that breaks the contract never is.
 */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 502);
}

/**
 * One client per browser session, one per request on the server (the root's `useState` makes it),
 * so that no user's answers can reach another's page.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        // The tools were not re-read on focus before; an analysis costs the server more than a glance at the tab.
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 1 && isTransient(error),
      },
      mutations: { retry: false },
    },
  });
}

/** The French message shown for a failed read or write: the server’s own, or the hook’s when it sent none. */
export function errorText(error: unknown, fallback: string): string | null {
  if (error === null || error === undefined) return null;
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * Answers belong to the account that read them: when the signed-in user changes in the same tab
 * (signed out, another account), everything read is dropped and what is on screen is read again.
 */
export function useCacheOwnedBy(owner: string | null): void {
  const client = useQueryClient();
  const previous = useRef(owner);
  useEffect(() => {
    if (previous.current === owner) return;
    previous.current = owner;
    void client.resetQueries();
  }, [owner, client]);
}

/**
 * The last answer received, kept when a later read fails or is under way: the pages whose figures
 * stayed on screen under an error, as they did before TanStack Query, keep doing so.
 */
export function useLastAnswer<T>(data: T | undefined): T | undefined {
  const [last, setLast] = useState(data);
  if (data !== undefined && data !== last) setLast(data);
  return data ?? last;
}
