/**
 * The price map of the market analysis as a choropleth: each section's median €/m² set as the
 * feature state of its outline in our basemap tiles (outlines computed at import), so that any
 * number of sections costs no download beyond the tiles the map shows anyway. A section whose
 * outline is unknown (its commune's cadastre not imported) is a disc of the same colour at the mean
 * position of its sales, rather than nothing.
 */
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { credited, SALES_CREDIT } from '~/features/map/attributions';
import { BASEMAP_SOURCE } from '~/features/map/basemap';
import { PRICE_STOPS } from '~/features/map/layers';

export interface SectionPrice {
  code: string;
  median: number | null;
  count: number;
  lon: number;
  lat: number;
  outlined: boolean;
}

const UNOUTLINED_SOURCE = 'sections-sans-contour';
export const UNOUTLINED_LAYER = 'sections-sans-contour-prix';

function unoutlined(sections: readonly SectionPrice[]) {
  return {
    type: 'FeatureCollection' as const,
    features: sections
      .filter((s) => !s.outlined && s.median !== null)
      .map((s) => ({
        type: 'Feature' as const,
        properties: { code: s.code, ppm2: s.median, n: s.count },
        geometry: { type: 'Point' as const, coordinates: [s.lon, s.lat] },
      })),
  };
}

/** The discs of the sections without an outline, over the choropleth. */
export function addUnoutlinedSections(map: MapLibreMap, before?: string): void {
  map.addSource(UNOUTLINED_SOURCE, { type: 'geojson', data: unoutlined([]) });
  map.addLayer(
    credited(
      {
        id: UNOUTLINED_LAYER,
        type: 'circle' as const,
        source: UNOUTLINED_SOURCE,
        paint: {
          'circle-color': ['interpolate', ['linear'], ['get', 'ppm2'], ...PRICE_STOPS.flat()],
          // Larger with more sales: a section of 2 sales weighs less than one of 200.
          'circle-radius': ['interpolate', ['linear'], ['sqrt', ['get', 'n']], 1, 6, 20, 22],
          'circle-opacity': 0.75,
          'circle-stroke-color': '#212529',
          'circle-stroke-width': 1,
        },
      },
      SALES_CREDIT,
    ) as unknown as Parameters<MapLibreMap['addLayer']>[0],
    before,
  );
}

export function paintSections(map: MapLibreMap, sections: readonly SectionPrice[]): void {
  (map.getSource(UNOUTLINED_SOURCE) as GeoJSONSource | undefined)?.setData(unoutlined(sections));
  if (!map.getSource(BASEMAP_SOURCE)) return;
  map.removeFeatureState({ source: BASEMAP_SOURCE, sourceLayer: 'sections' });
  for (const s of sections) {
    if (s.median === null || !s.outlined) continue;
    map.setFeatureState({ source: BASEMAP_SOURCE, sourceLayer: 'sections', id: s.code }, { ppm2: s.median, n: s.count });
  }
}
