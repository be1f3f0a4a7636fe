/** The listings API seen from the pages (each response validated with its shared schema). */
import { type ParsedListing, parsedListingSchema } from '@immoloupe/shared/listings/contracts';
import { localisationResponseSchema } from '@immoloupe/shared/listings/localisation.logic';
import { type AutoListSort, autoListSchema, poolResponseSchema } from '@immoloupe/shared/listings/search';
import {
  type ListingFields,
  listingAnalysisSchema,
  localisationQueryOf,
  savedListingListSchema,
  saveListingResponseSchema,
} from '@immoloupe/shared/listings/store.logic';
import { z } from 'zod';
import { apiFetch } from '~/lib/api';

/** What the person pasted: an address, a page source, or a listing's text. */
export function readPaste(raw: string): { url?: string; html?: string; text?: string } {
  const value = raw.trim();
  if (/^https?:\/\/\S+$/.test(value)) return { url: value };
  if (/^<|<\/(div|body|html|script)>/i.test(value.slice(0, 5000))) return { html: value };
  return { text: value };
}

export function parseListingInput(input: { url?: string; html?: string; text?: string; portal?: string }): Promise<ParsedListing> {
  if (input.html) {
    // A page source can weigh megabytes: sent as text/html, past the JSON size limit.
    const q = new URLSearchParams({ ...(input.url ? { url: input.url } : {}), ...(input.portal ? { portal: input.portal } : {}) });
    return apiFetch(`/api/listings/parse?${q}`, parsedListingSchema, {
      method: 'POST',
      headers: { 'content-type': 'text/html' },
      body: input.html,
    });
  }
  return apiFetch('/api/listings/parse', parsedListingSchema, { method: 'POST', body: JSON.stringify(input) });
}

export const analyseListing = (f: ListingFields) =>
  apiFetch('/api/listings/analysis', listingAnalysisSchema, { method: 'POST', body: JSON.stringify(f) });
export const saveListing = (f: ListingFields) =>
  apiFetch('/api/listings/saved', saveListingResponseSchema, { method: 'POST', body: JSON.stringify(f) });
/** Every saved listing (the listings map), or one page of « Mes annonces » in the order asked. */
export const savedListings = (page?: { page: number; sort: string; order: 'asc' | 'desc' }, signal?: AbortSignal) =>
  apiFetch(
    page
      ? `/api/listings/saved?${new URLSearchParams({ page: String(page.page), sort: page.sort, order: page.order })}`
      : '/api/listings/saved',
    savedListingListSchema,
    { signal },
  );
/** The CSV export of « Mes annonces »: the page has no filter, so every saved listing. */
export const SAVED_LISTINGS_CSV_URL = '/api/listings/saved.csv';
export const updateListing = (id: string, u: { status?: string; notes?: string }) =>
  apiFetch(`/api/listings/saved/${id}`, z.null(), { method: 'PATCH', body: JSON.stringify(u) });
export const deleteListing = (id: string) => apiFetch(`/api/listings/saved/${id}`, z.null(), { method: 'DELETE' });
export const localiseListing = (q: URLSearchParams, signal?: AbortSignal) =>
  apiFetch(`/api/localisation?${q}`, localisationResponseSchema, { signal });

export const mapPointsSchema = z.object({
  points: z.array(
    z.object({
      id: z.string(),
      lat: z.number(),
      lon: z.number(),
      pricePerM2: z.number().nullable(),
      median: z.number().nullable(),
      position: z.enum(['dessous', 'aligne', 'dessus']).nullable(),
    }),
  ),
});
export const listingMapPoints = (signal?: AbortSignal) => apiFetch('/api/listings/map', mapPointsSchema, { signal });

/** /pro/localisationauto with a listing's values filled in, or null when it has nothing to localise. */
export function localisationHref(f: ListingFields): string | null {
  const q = localisationQueryOf(f);
  return q ? `/pro/localisationauto?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}` : null;
}

/** Pool listings of one listing search (the query of /pro/carte_annonces, `?` excluded). */
export const poolListings = (query: string, signal?: AbortSignal) =>
  apiFetch(`/api/listings/pool?${query}`, poolResponseSchema, { signal });
/** /pro/listeautomatique; reading it records the visit. */
/** One page of /pro/listeautomatique; `since` (from the first page) continues the same visit. */
export const automaticList = (
  q: { page: number; sort: AutoListSort; order: 'asc' | 'desc'; since?: string | null },
  signal?: AbortSignal,
) => {
  const params = new URLSearchParams({ page: String(q.page), sort: q.sort, order: q.order });
  if (q.since !== undefined) params.set('since', q.since ?? 'none');
  return apiFetch(`/api/listings/auto?${params}`, autoListSchema, { signal });
};
export const savePoolListing = (id: string) => apiFetch(`/api/listings/pool/${id}/save`, saveListingResponseSchema, { method: 'POST' });
