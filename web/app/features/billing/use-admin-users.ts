/**
 * The users tab's state: the e-mail searched lives in the URL (`?q=`, the API's name), so that a
 * reload or Back finds the same list; typing makes one history entry, not one per key, and the
 * list follows the text typed. An answer older than the one shown is ignored.
 */
import { type AdminUser, adminUserListResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api';
import { useUrlParams } from '~/lib/use-url-params';

export function useAdminUsers() {
  const { params, update } = useUrlParams();
  const search = (params.get('q') ?? '').trim();
  // The field keeps the text as typed (spaces included); Back to another search shows it.
  const [query, setQuery] = useState(params.get('q') ?? '');
  const urlQuery = params.get('q') ?? '';
  useEffect(() => setQuery((typed) => (typed.trim() === urlQuery.trim() ? typed : urlQuery)), [urlQuery]);
  // A new search starts at its first page.
  const [paged, setPaged] = useState({ search, page: 1 });
  const page = paged.search === search ? paged.page : 1;
  const [data, setData] = useState<{ users: AdminUser[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const call = ++latest.current;
    try {
      const query = new URLSearchParams({ page: String(page), ...(search ? { q: search } : {}) });
      const answer = await apiFetch(`/api/admin/users?${query}`, adminUserListResponseSchema);
      if (call !== latest.current) return;
      setData(answer);
      setError(null);
    } catch (err) {
      if (call !== latest.current) return;
      setError(err instanceof ApiError ? err.message : 'La liste n’a pas pu être chargée.');
    }
  }, [page, search]);

  useEffect(() => {
    void load();
  }, [load]);

  function type(text: string) {
    setQuery(text);
    update({ q: text.trim() || null });
  }

  return { query, type, search, page, setPage: (p: number) => setPaged({ search, page: p }), data, error, load };
}
