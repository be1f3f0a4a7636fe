/**
 * « Mes annonces » read and changed: one page of the list, every saved listing with its map points
 * (the listings map), and a change (status, notes, removal) that reads again every list it touches.
 */
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '~/lib/query-client';
import { deleteListing, listingMapPoints, savedListings, updateListing } from './api';

/** Every read of the saved listings starts with this key: a change refreshes them all, whatever the page. */
export const SAVED_LISTINGS = ['listings', 'saved'] as const;
/** The points of the listings map are saved listings too: a change refreshes them with the list. */
export const SAVED_LISTINGS_MAP = ['listings', 'map'] as const;

export interface SavedListingsView {
  page: number;
  sort: string;
  order: 'asc' | 'desc';
}

export function useSavedListingsPage(view: SavedListingsView) {
  const q = useQuery({
    queryKey: [...SAVED_LISTINGS, view],
    queryFn: ({ signal }) => savedListings(view, signal),
    // The page shown stays until the next page or order arrives.
    placeholderData: keepPreviousData,
  });
  return { data: q.data ?? null, error: errorText(q.error, 'Le chargement a échoué.') };
}

/** The points and the listings of the map, read together: the map is shown once both are there. */
export function useListingsMap() {
  const [points, listings] = useQueries({
    queries: [
      { queryKey: SAVED_LISTINGS_MAP, queryFn: ({ signal }) => listingMapPoints(signal) },
      { queryKey: [...SAVED_LISTINGS, 'all'], queryFn: ({ signal }) => savedListings(undefined, signal) },
    ],
  });
  const ready = points.data && listings.data;
  return {
    points: ready ? points.data.points : null,
    listings: ready ? listings.data.listings : [],
    error: errorText(points.error ?? listings.error, 'Le chargement a échoué.'),
  };
}

export type ListingChange = { id: string; remove: true } | { id: string; update: { status?: string; notes?: string } };

export function useListingChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: ListingChange) => ('remove' in c ? deleteListing(c.id) : updateListing(c.id, c.update)),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: SAVED_LISTINGS }), client.invalidateQueries({ queryKey: SAVED_LISTINGS_MAP })]),
  });
}
