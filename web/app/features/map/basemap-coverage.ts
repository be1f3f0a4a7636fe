/**
 * Keeps a map's attribution honest: after each move, asks the server which sources of our base the
 * view holds (`/api/tiles/base/coverage`) and names only those (basemapAttribution), beside the
 * configured style's own; tells the page when our base draws nothing there, so that it says so.
 */
import { baseCoverageSchema } from '@immoloupe/shared/map/contracts';
import type { AttributionControl, Map as MapLibreMap } from 'maplibre-gl';
import { apiFetch } from '~/lib/api';
import { basemapAttribution, basemapSources } from './basemap';

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

export function followBasemapCoverage(map: MapLibreMap, lib: AttributionLib, options: CoverageOptions): void {
  const controlFor = (attribution: string | null) =>
    new lib.AttributionControl({ compact: false, customAttribution: [...options.fixed, ...(attribution ? [attribution] : [])] });
  let control = controlFor(null);
  map.addControl(control);
  let shown: string | null = null;
  let asked = 0;
  const update = () => {
    const [w, s, e, n] = viewBox(map);
    if (!(w < e && s < n)) return;
    const zoom = map.getZoom();
    const id = ++asked;
    apiFetch(`/api/tiles/base/coverage?bbox=${[w, s, e, n].join(',')}`, baseCoverageSchema)
      .then((coverage) => {
        // A later move's answer wins; a removed map has no controls to change.
        if (id !== asked || !options.alive()) return;
        options.onEmpty(basemapSources(coverage, zoom, true).length === 0);
        const attribution = basemapAttribution(coverage, zoom, options.withStreetNames);
        if (attribution === shown) return;
        shown = attribution;
        map.removeControl(control);
        control = controlFor(attribution);
        map.addControl(control);
      })
      .catch(() => undefined);
  };
  map.on('moveend', update);
  update();
}
