/**
 * Keeps a map's attribution honest: it names exactly the sources the map draws. After each move the
 * map view asks the server which sources of our base the view holds (`/api/tiles/base/coverage`,
 * use-base-coverage.ts) and this names only those (basemapCredits); once the map is idle it adds the credits of the page's layers that
 * drew something in the view (`credited` layers, attributions.ts). Beside them, the configured
 * style's own. It also tells the page when our base draws nothing there, so that it says so.
 */
import type { BaseCoverage } from '@immoloupe/shared/map/contracts';
import type { AttributionControl, Map as MapLibreMap } from 'maplibre-gl';
import { attributionLine, creditsOf } from './attributions';
import { basemapCredits, basemapSources } from './basemap';

type AttributionLib = { AttributionControl: typeof AttributionControl };

export interface CoverageOptions {
  /** Attributions always shown (the Plan IGN style's). */
  fixed: string[];
  /** Our street names are drawn (our own base; not over a configured style). */
  withStreetNames: boolean;
  /** Called with true when our base draws nothing in the view, false when it does. */
  onEmpty: (empty: boolean) => void;
  /** False once the map is removed: a late answer then changes nothing. */
  alive: () => boolean;
}

export interface MapAttribution {
  /** What our base holds in the current view (at this zoom). */
  showBase(coverage: BaseCoverage, zoom: number): void;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number) => Math.round(v * 1e4) / 1e4;

/** West, south, east, north of the view, inside the world (a wrapped view reaches past ±180°). */
export function viewBox(map: MapLibreMap): [number, number, number, number] {
  const b = map.getBounds();
  return [
    round(clamp(b.getWest(), -180, 180)),
    round(clamp(b.getSouth(), -90, 90)),
    round(clamp(b.getEast(), -180, 180)),
    round(clamp(b.getNorth(), -90, 90)),
  ];
}

/**
 * The credits of the page's layers that draw something in the view, in the order of the layers:
 * a layer hidden, out of its zooms or without a feature in view credits nothing (the selected
 * sale's parcels before any sale is selected, the DPE of a map moved away from them).
 */
export function drawnCredits(map: MapLibreMap): string[] {
  const zoom = map.getZoom();
  const ids = map.getLayersOrder().filter((id) => {
    const layer = map.getLayer(id);
    return layer !== undefined && !layer.isHidden(zoom) && creditsOf(layer).length > 0;
  });
  if (ids.length === 0) return [];
  const drawn = new Set(map.queryRenderedFeatures({ layers: ids }).map((f) => f.layer.id));
  return ids.filter((id) => drawn.has(id)).flatMap((id) => creditsOf(map.getLayer(id)));
}

export function followMapAttribution(map: MapLibreMap, lib: AttributionLib, options: CoverageOptions): MapAttribution {
  let base: string[] = [];
  let page: string[] = [];
  const controlFor = (line: string | null) =>
    new lib.AttributionControl({ compact: false, customAttribution: [...options.fixed, ...(line ? [line] : [])] });
  let control = controlFor(null);
  map.addControl(control);
  let shown: string | null = null;
  const show = () => {
    // What the page draws first, then the base under it.
    const line = attributionLine([...page, ...base]);
    if (line === shown) return;
    shown = line;
    map.removeControl(control);
    control = controlFor(line);
    map.addControl(control);
  };
  // Idle: every move, new data and layer shown or hidden has been drawn.
  map.on('idle', () => {
    if (!options.alive()) return;
    page = drawnCredits(map);
    show();
  });
  return {
    showBase(coverage, zoom) {
      // A removed map has no controls to change.
      if (!options.alive()) return;
      options.onEmpty(basemapSources(coverage, zoom, true).length === 0);
      base = basemapCredits(coverage, zoom, options.withStreetNames);
      show();
    },
  };
}
