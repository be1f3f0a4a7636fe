/**
 * Sources and layers of the market maps, as pure data (tested without WebGL): sales clustered by
 * MapLibre (never one DOM node per sale), coloured by €/m²; parcel outlines; the subject point; and
 * a base style drawn from our own data when no basemap is configured or reachable.
 */
import circle from '@turf/circle';
import type { FeatureCollection } from 'geojson';
import { ADDRESSES_CREDIT, CADASTRE_CREDIT, credited, SALES_CREDIT } from './attributions';
import { BASEMAP_FONT, offlineStyle } from './basemap';

/**
 * A basemap from configuration (a MapLibre style URL), or our own base drawn from our data
 * (basemap.ts); without an origin (server rendering, tests) only its background.
 */
export function baseStyle(styleUrl: string | null, origin?: string, fontUrl = '') {
  if (styleUrl) return styleUrl;
  if (origin) return offlineStyle(origin, fontUrl);
  return {
    version: 8 as const,
    sources: {},
    layers: [{ id: 'fond', type: 'background' as const, paint: { 'background-color': '#eceae4' } }],
  };
}

export const SALES_SOURCE = 'ventes';

export function salesSource(data: FeatureCollection | string) {
  return {
    type: 'geojson' as const,
    data,
    cluster: true,
    clusterRadius: 40,
    clusterMaxZoom: 16,
  };
}

/** €/m² colour ramp of the points (and of the section medians). */
export const PRICE_STOPS: readonly [number, string][] = [
  [1500, '#2b8a3e'],
  [3000, '#94d82d'],
  [4500, '#fcc419'],
  [6000, '#f76707'],
  [9000, '#c92a2a'],
];

export function priceColorExpression(property: string) {
  return ['interpolate', ['linear'], ['coalesce', ['get', property], 0], ...PRICE_STOPS.flat()];
}

/**
 * The section choropleth: the sections of our basemap tiles coloured by the `ppm2` feature state a
 * page sets on them (feature ids are the section codes), transparent where it set none.
 */
export const CHOROPLETH_LAYER = 'sections-prix';

export function sectionChoroplethLayer(source: string) {
  const state = ['feature-state', 'ppm2'];
  // The outlines are our base's (credited with it); their colours are the sales' medians.
  return credited(
    {
      id: CHOROPLETH_LAYER,
      type: 'fill' as const,
      source,
      'source-layer': 'sections',
      paint: {
        'fill-color': ['case', ['==', state, null], 'rgba(0, 0, 0, 0)', ['interpolate', ['linear'], state, ...PRICE_STOPS.flat()]],
        'fill-opacity': 0.6,
        'fill-outline-color': '#212529',
      },
    },
    SALES_CREDIT,
  );
}

/**
 * The sales of the transactions map as vector tiles of our API (clusters, then single sales from
 * zoom 15), with the page's filters: never a download of every sale.
 */
export const SALES_TILE_LAYER = 'ventes';

export function salesTileUrl(origin: string, query: string): string {
  return `${origin}/api/tiles/ventes/{z}/{x}/{y}.pbf?${query}`;
}

export function salesTileSource(origin: string, query: string) {
  return { type: 'vector' as const, tiles: [salesTileUrl(origin, query)], minzoom: 0, maxzoom: 16 };
}

/** The groups of sales by their number of sales (MapLibre's clusters): colour and radius from `from` sales. */
export const CLUSTER_STEPS = [
  { from: 2, color: '#74c0fc', radius: 12 },
  { from: 20, color: '#339af0', radius: 18 },
  { from: 200, color: '#1864ab', radius: 26 },
] as const;

export function salesLayers(source = SALES_SOURCE, withLabels = false, sourceLayer?: string) {
  const from = sourceLayer ? { 'source-layer': sourceLayer } : {};
  const layers: Record<string, unknown>[] = [
    {
      id: 'ventes-groupes',
      type: 'circle',
      source,
      ...from,
      filter: ['has', 'point_count'],
      paint: {
        'circle-color': ['step', ['get', 'point_count'], ...CLUSTER_STEPS.flatMap((c, i) => (i === 0 ? [c.color] : [c.from, c.color]))],
        'circle-radius': ['step', ['get', 'point_count'], ...CLUSTER_STEPS.flatMap((c, i) => (i === 0 ? [c.radius] : [c.from, c.radius]))],
        'circle-stroke-width': 2,
        'circle-stroke-color': '#ffffff',
      },
    },
    {
      id: 'ventes-points',
      type: 'circle',
      source,
      ...from,
      filter: ['!', ['has', 'point_count']],
      paint: {
        'circle-color': priceColorExpression('ppm2'),
        'circle-radius': 6,
        'circle-stroke-width': 1,
        'circle-stroke-color': '#212529',
      },
    },
  ];
  if (withLabels) {
    layers.push({
      id: 'ventes-groupes-nombre',
      type: 'symbol',
      source,
      ...from,
      filter: ['has', 'point_count'],
      layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-size': 12, 'text-font': [BASEMAP_FONT] },
      paint: { 'text-color': '#ffffff' },
    });
  }
  return layers.map((l) => credited(l, SALES_CREDIT));
}

/**
 * A search's markers as vector tiles of our API (`/api/tiles/dpe`, `/api/tiles/copros`), with the
 * search's query: aggregated per tile by the server, up to zoom 16 and enlarged beyond.
 */
export function searchTileUrl(origin: string, layer: string, query: string): string {
  return `${origin}/api/tiles/${layer}/{z}/{x}/{y}.pbf?${query}`;
}

export function searchTileSource(origin: string, layer: string, query: string) {
  return { type: 'vector' as const, tiles: [searchTileUrl(origin, layer, query)], minzoom: 0, maxzoom: 16 };
}

export const PARCELS_SOURCE = 'parcelles';

/** Parcels outlined by a page (the address's, the selected sale's): drawn from the cadastre. */
export const PARCEL_COLORS = { fill: '#fab005', outline: '#e67700' } as const;

export function parcelLayers(source = PARCELS_SOURCE) {
  return [
    { id: 'parcelles-fond', type: 'fill', source, paint: { 'fill-color': PARCEL_COLORS.fill, 'fill-opacity': 0.25 } },
    { id: 'parcelles-contour', type: 'line', source, paint: { 'line-color': PARCEL_COLORS.outline, 'line-width': 2 } },
  ].map((l) => credited(l, CADASTRE_CREDIT));
}

export const RADIUS_SOURCE = 'rayon';
export const RADIUS_COLOR = '#495057';

/** The radius the nearby sales are taken in, around the analysed point: a dashed outline, nothing to credit. */
export function radiusLayers(source = RADIUS_SOURCE) {
  return [
    {
      id: 'rayon-contour',
      type: 'line',
      source,
      paint: { 'line-color': RADIUS_COLOR, 'line-width': 1.5, 'line-dasharray': [3, 2] },
    },
  ];
}

/** A circle of `metres` around a point, as a GeoJSON polygon (64 sides, on the sphere: Turf). */
export function radiusCircle(lon: number, lat: number, metres: number): FeatureCollection {
  return { type: 'FeatureCollection', features: [circle([lon, lat], metres / 1000, { steps: 64, units: 'kilometers' })] };
}

export const SUBJECT_SOURCE = 'adresse';

export const SUBJECT_COLOR = '#e03131';

const SUBJECT_PAINT = { 'circle-color': SUBJECT_COLOR, 'circle-radius': 8, 'circle-stroke-width': 3, 'circle-stroke-color': '#ffffff' };

/** Property of the analysed point's feature, true when the Base Adresse Nationale placed the point. */
export const PLACED_BY_BAN = 'ban';

/**
 * The point analysed (or the subject of a value opinion), drawn alike whoever placed it, but credited to the Base Adresse Nationale
 * only when the BAN placed it (an address or a street picked in the field): a point clicked on the
 * map, or opened by a link that does not say where it comes from, draws nothing of the BAN.
 */
export function analysedPointLayers(source = SUBJECT_SOURCE) {
  const placedByBan = ['==', ['get', PLACED_BY_BAN], true];
  return [
    credited({ id: 'adresse-point', type: 'circle', source, filter: placedByBan, paint: SUBJECT_PAINT }, ADDRESSES_CREDIT),
    { id: 'point-analyse', type: 'circle', source, filter: ['!', placedByBan], paint: SUBJECT_PAINT },
  ];
}

/** The [west, south, east, north] box of points, padded so a lone point still gets a view. */
export function boundsOf(points: readonly [number, number][], pad = 0.002): [number, number, number, number] | null {
  if (points.length === 0) return null;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) + pad, Math.max(...ys) + pad];
}
