/** Calls of the saved-searches API (`/api/saved-searches`), shared by the button and the pages. */
import {
  type SavedSearch,
  type SavedSearchCreate,
  type SavedSearchPageQuery,
  type SavedSearchUpdate,
  savedSearchListSchema,
  savedSearchSchema,
} from '@immoloupe/shared/saved-searches/contracts';
import { z } from 'zod';
import { apiFetch } from '~/lib/api';

/** A page, sort and order of the list as a query string (none: every search). */
function pageQuery(view?: SavedSearchPageQuery): string {
  if (!view?.page) return '';
  return `?${new URLSearchParams({ page: String(view.page), sort: view.sort, order: view.order })}`;
}

/** One page of the user's searches, or every one without `view` (the save button looks among them all). */
export const listSavedSearches = (view?: SavedSearchPageQuery, signal?: AbortSignal) =>
  apiFetch(`/api/saved-searches${pageQuery(view)}`, savedSearchListSchema, { signal });

/** Every search of the user counted again now (the page asked comes back with the new counts). */
export const recountSavedSearches = (view?: SavedSearchPageQuery) =>
  apiFetch(`/api/saved-searches/recount${pageQuery(view)}`, savedSearchListSchema, { method: 'POST' });

export const createSavedSearch = (body: SavedSearchCreate): Promise<SavedSearch> =>
  apiFetch('/api/saved-searches', savedSearchSchema, { method: 'POST', body: JSON.stringify(body) });

export const updateSavedSearch = (id: string, body: SavedSearchUpdate): Promise<SavedSearch> =>
  apiFetch(`/api/saved-searches/${id}`, savedSearchSchema, { method: 'PATCH', body: JSON.stringify(body) });

export const duplicateSavedSearch = (id: string): Promise<SavedSearch> =>
  apiFetch(`/api/saved-searches/${id}/duplicate`, savedSearchSchema, { method: 'POST' });

export const deleteSavedSearch = (id: string) => apiFetch(`/api/saved-searches/${id}`, z.null(), { method: 'DELETE' });
