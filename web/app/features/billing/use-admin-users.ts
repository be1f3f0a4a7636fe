/**
 * The users tab's state: the e-mail searched lives in the URL (`?q=`, the API's name), so that a
 * reload or Back finds the same list; typing makes one history entry, not one per key, and the
 * list follows the text typed. An answer older than the one shown is ignored.
 */
import { adminUserListResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiFetch } from '~/lib/api';
import { errorText, useLastAnswer } from '~/lib/query-client';
import { useUrlParams } from '~/lib/use-url-params';

/** Every read of the list starts with this key: an action on an account refreshes them all. */
export const ADMIN_USERS = ['billing', 'admin-users'] as const;

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
  const client = useQueryClient();
  const q = useQuery({
    queryKey: [...ADMIN_USERS, { search, page }],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), ...(search ? { q: search } : {}) });
      return apiFetch(`/api/admin/users?${query}`, adminUserListResponseSchema, { signal });
    },
    placeholderData: keepPreviousData,
  });
  // The list shown stays under the message of a failed read, as it always has.
  const data = useLastAnswer(q.data) ?? null;
  const error = errorText(q.error, 'La liste n’a pas pu être chargée.');
  // After an action on an account: every page and search read is stale, the one shown is read again.
  const load = () => client.invalidateQueries({ queryKey: ADMIN_USERS });

  function type(text: string) {
    setQuery(text);
    update({ q: text.trim() || null });
  }

  return { query, type, search, page, setPage: (p: number) => setPaged({ search, page: p }), data, error, load };
}
