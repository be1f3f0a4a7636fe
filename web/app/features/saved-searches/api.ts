/** Calls of the saved-searches API (`/api/saved-searches`), shared by the button and the pages. */
import {
  type SavedSearch,
  type SavedSearchCreate,
  type SavedSearchUpdate,
  savedSearchListSchema,
  savedSearchSchema,
} from '@immoloupe/shared/saved-searches/contracts';
import { z } from 'zod';
import { apiFetch } from '~/lib/api';

export const listSavedSearches = () => apiFetch('/api/saved-searches', savedSearchListSchema);

/** Every search of the user counted again now (the list comes back with the new counts). */
export const recountSavedSearches = () => apiFetch('/api/saved-searches/recount', savedSearchListSchema, { method: 'POST' });

export const createSavedSearch = (body: SavedSearchCreate): Promise<SavedSearch> =>
  apiFetch('/api/saved-searches', savedSearchSchema, { method: 'POST', body: JSON.stringify(body) });

export const updateSavedSearch = (id: string, body: SavedSearchUpdate): Promise<SavedSearch> =>
  apiFetch(`/api/saved-searches/${id}`, savedSearchSchema, { method: 'PATCH', body: JSON.stringify(body) });

export const duplicateSavedSearch = (id: string): Promise<SavedSearch> =>
  apiFetch(`/api/saved-searches/${id}/duplicate`, savedSearchSchema, { method: 'POST' });

export const deleteSavedSearch = (id: string) => apiFetch(`/api/saved-searches/${id}`, z.null(), { method: 'DELETE' });
