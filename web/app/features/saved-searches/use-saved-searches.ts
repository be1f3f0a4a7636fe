/** The reads of the user's saved searches (TanStack Query, decision 1490) and what a change does to them. */
import type { SavedSearchList, SavedSearchPageQuery, SavedSearchToolId } from '@immoloupe/shared/saved-searches/contracts';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { listSavedSearches } from './api';

/** Every read of the searches starts with this key: a change refreshes them all. */
export const SAVED_SEARCHES = ['saved-searches'] as const;

export const savedSearchPageKey = (view: Required<SavedSearchPageQuery>) => [...SAVED_SEARCHES, 'page', view] as const;

/**
 * After a change (saved, renamed, deleted, recounted): the list shown is read again and the pages
 * not shown are dropped, so that none of them can show a deleted search or an old count meanwhile.
 */
export function savedSearchesChanged(client: QueryClient): Promise<void> {
  client.removeQueries({ queryKey: SAVED_SEARCHES, type: 'inactive' });
  return client.invalidateQueries({ queryKey: SAVED_SEARCHES });
}

/** One page of Mes recherches; the page shown stays until the next one arrives. */
export function useSavedSearchPage(view: Required<SavedSearchPageQuery>) {
  return useQuery({
    queryKey: savedSearchPageKey(view),
    queryFn: ({ signal }) => listSavedSearches(view, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page past the last one: what is left after the last search of the last page was deleted. */
export function pastTheEnd(r: SavedSearchList): number | null {
  const pages = Math.max(1, Math.ceil(r.total / r.pageSize));
  return r.items.length === 0 && r.page > pages ? pages : null;
}

/** The user's searches of one tool (none when they cannot be read: the button then only creates). */
export function useSearchesOfTool(tool: SavedSearchToolId) {
  const q = useQuery({
    queryKey: [...SAVED_SEARCHES, 'all'],
    queryFn: ({ signal }) => listSavedSearches(undefined, signal),
    select: (r) => r.items.filter((i) => i.tool === tool),
  });
  return q.data ?? [];
}
