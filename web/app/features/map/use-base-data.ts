import { baseCoverageSchema, baseExtentSchema } from '@immoloupe/shared/map/contracts';
import { useQuery } from '@tanstack/react-query';
import type { StyleSpecification } from 'maplibre-gl';
import { apiFetch } from '~/lib/api';
import { fetchStyle, offlineStyle } from './basemap';

export type Basemap = 'externe' | 'hors-ligne';

/**
 * The map's style: the configured one when it answers, else our offline base (its font served by
 * us). Read once per page load: a style does not change while a page is open.
 */
export function useMapStyle(url: string | null) {
  return useQuery({
    queryKey: ['map', 'style', url],
    queryFn: async (): Promise<{ style: StyleSpecification; basemap: Basemap }> => {
      const external = url ? await fetchStyle(url) : null;
      if (external) return { style: external, basemap: 'externe' };
      const { fontUrl } = await import('./font.client');
      return { style: offlineStyle(window.location.origin, new URL(fontUrl, window.location.origin).href), basemap: 'hors-ligne' };
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The extent of what our base can draw (the imported cadastre), for a map opened without a view. */
export function useBaseExtent(enabled: boolean) {
  return useQuery({
    queryKey: ['tiles', 'base-extent'],
    queryFn: ({ signal }) => apiFetch('/api/tiles/base/extent', baseExtentSchema, { signal }),
    enabled,
    // An import changes it; a page opened before one frames on what was there.
    staleTime: 5 * 60_000,
  });
}

/** Which sources of our base the view holds (west, south, east, north), for the attribution. */
export function useBaseCoverage(bbox: readonly [number, number, number, number] | undefined) {
  return useQuery({
    queryKey: ['tiles', 'base-coverage', bbox],
    queryFn: ({ signal }) => apiFetch(`/api/tiles/base/coverage?bbox=${bbox?.join(',')}`, baseCoverageSchema, { signal }),
    enabled: bbox !== undefined,
    staleTime: 5 * 60_000,
  });
}
