/** Calls of the saved-addresses API (`/api/addresses/saved`), shared by the save buttons and /pro/mesadresses. */
import {
  type SaveAddress,
  type SavedAddress,
  type SavedAddressUpdate,
  savedAddressListSchema,
  savedAddressSchema,
} from '@immoloupe/shared/saved-addresses/contracts';
import { z } from 'zod';
import { apiFetch } from '~/lib/api';

const tagQuery = (tag: string | null) => (tag ? `?${new URLSearchParams({ tag })}` : '');

export const listSavedAddresses = (tag: string | null) => apiFetch(`/api/addresses/saved${tagQuery(tag)}`, savedAddressListSchema);

/** The CSV export of the list as filtered. */
export const savedAddressesCsvUrl = (tag: string | null) => `/api/addresses/saved.csv${tagQuery(tag)}`;

export const saveAddress = (body: SaveAddress): Promise<SavedAddress> =>
  apiFetch('/api/addresses/saved', savedAddressSchema, { method: 'POST', body: JSON.stringify(body) });

export const updateSavedAddress = (id: string, body: SavedAddressUpdate): Promise<SavedAddress> =>
  apiFetch(`/api/addresses/saved/${id}`, savedAddressSchema, { method: 'PATCH', body: JSON.stringify(body) });

export const deleteSavedAddress = (id: string) => apiFetch(`/api/addresses/saved/${id}`, z.null(), { method: 'DELETE' });
