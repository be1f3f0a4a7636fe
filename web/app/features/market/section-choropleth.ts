/**
 * The price map of the market analysis as a choropleth: each section's median €/m² set as the
 * feature state of its outline in our basemap tiles (outlines computed at import), so that any
 * number of sections costs no download beyond the tiles the map shows anyway.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import { BASEMAP_SOURCE } from '~/features/map/basemap';

export interface SectionPrice {
  code: string;
  median: number | null;
  count: number;
}

export function paintSections(map: MapLibreMap, sections: readonly SectionPrice[]): void {
  if (!map.getSource(BASEMAP_SOURCE)) return;
  map.removeFeatureState({ source: BASEMAP_SOURCE, sourceLayer: 'sections' });
  for (const s of sections) {
    if (s.median === null) continue;
    map.setFeatureState({ source: BASEMAP_SOURCE, sourceLayer: 'sections', id: s.code }, { ppm2: s.median, n: s.count });
  }
}
