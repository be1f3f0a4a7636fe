/**
 * The zone of a search page as the user chose it (« ma zone », communes picked by name and kept as
 * their INSEE codes, postcodes) and its query parameters; the drawing of « ma zone » (clicked
 * points → a closed ring); and the map layers of server-aggregated markers coloured by class. Pure,
 * tested without a browser.
 */
import { DPE_CLASS_COLORS } from '@immoloupe/shared/dpe/contracts';
import { BASEMAP_FONT } from '~/features/map/basemap';

export type ZoneMode = 'mine' | 'insee' | 'postcode';
export interface ZoneChoice {
  mode: ZoneMode;
  text: string;
}

/** The codes of a zone choice's text (INSEE codes or postcodes), as typed or picked, in capitals. */
export function zoneChoiceCodes(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
}

/** Query parameters of a zone choice, or a French message when it is incomplete. */
export function zoneChoiceParams(z: ZoneChoice): Record<string, string> | string {
  if (z.mode === 'mine') return { zone: 'mine' };
  const codes = zoneChoiceCodes(z.text);
  if (codes.length === 0) return z.mode === 'insee' ? 'Choisissez au moins une commune.' : 'Indiquez au moins un code postal (ex. 69007).';
  return z.mode === 'insee' ? { insee: codes.join(',') } : { postcode: codes.join(',') };
}

/** The zone choice a page's URL holds (`?insee=…`, `?postcode=…`), « ma zone » otherwise. */
export function zoneChoiceFromUrl(params: URLSearchParams): ZoneChoice {
  const insee = params.get('insee');
  if (insee) return { mode: 'insee', text: insee };
  const postcode = params.get('postcode');
  if (postcode) return { mode: 'postcode', text: postcode };
  return { mode: 'mine', text: '' };
}

/** A closed GeoJSON polygon from the points clicked on the map (at least 3), else null. */
export function ringOf(points: readonly [number, number][]): { type: 'Polygon'; coordinates: [number, number][][] } | null {
  if (points.length < 3) return null;
  const first = points[0] as [number, number];
  return { type: 'Polygon', coordinates: [[...points.map((p) => [p[0], p[1]] as [number, number]), [first[0], first[1]]]] };
}

/** What the drawing layer shows: the closed outline once 3 points are set, else the line so far. */
export function drawingFeatures(points: readonly [number, number][]) {
  const ring = ringOf(points);
  const features: Record<string, unknown>[] = points.map((p) => ({
    type: 'Feature',
    properties: {},
    geometry: { type: 'Point', coordinates: p },
  }));
  if (ring) features.push({ type: 'Feature', properties: {}, geometry: ring });
  else if (points.length === 2) features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: points } });
  return { type: 'FeatureCollection' as const, features };
}

/** The colour of « ma zone » on its map: the outline drawn, its corners and the communes picked. */
export const ZONE_COLOR = '#1971c2';

export const DRAW_LAYERS = (source: string) => [
  {
    id: `${source}-fond`,
    type: 'fill',
    source,
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': ZONE_COLOR, 'fill-opacity': 0.15 },
  },
  {
    id: `${source}-trait`,
    type: 'line',
    source,
    filter: ['!=', ['geometry-type'], 'Point'],
    paint: { 'line-color': ZONE_COLOR, 'line-width': 2 },
  },
  {
    id: `${source}-points`,
    type: 'circle',
    source,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: { 'circle-radius': 4, 'circle-color': ZONE_COLOR },
  },
];

/**
 * The communes of the zone shaded on the basemap's own commune shapes (those whose cadastre is
 * loaded): the zone can be seen without drawing it. Its filter follows the picked codes.
 */
export const ZONE_COMMUNES_LAYER = 'ma-zone-communes';
export function zoneCommunesLayer(basemapSource: string, codes: readonly string[]) {
  return {
    id: ZONE_COMMUNES_LAYER,
    type: 'fill',
    source: basemapSource,
    'source-layer': 'communes',
    filter: zoneCommunesFilter(codes),
    paint: { 'fill-color': ZONE_COLOR, 'fill-opacity': 0.15 },
  };
}
export function zoneCommunesFilter(codes: readonly string[]): unknown[] {
  return ['in', ['get', 'code'], ['literal', [...codes]]];
}

/** Colours of the co-ownership markers by syndic type; any other (or unknown) type is grey. */
export const SYNDIC_COLORS = { professionnel: '#1971c2', bénévole: '#2f9e44' } as const;
export const OTHER_CLASS_COLOR = '#868e96';

/** Colour of a marker by its worst class (DPE), or by syndic type (co-ownerships). */
export function classColorExpression(): unknown[] {
  return [
    'match',
    ['coalesce', ['get', 'classe'], ''],
    ...Object.entries(DPE_CLASS_COLORS).flat(),
    ...Object.entries(SYNDIC_COLORS).flat(),
    OTHER_CLASS_COLOR,
  ];
}

/** Server-aggregated markers: a circle sized by its count, labelled when it groups several. */
/** `sourceLayer`: the layer of the vector tiles (`dpe`, `copros`) the markers come from. */
export function clusterLayers(source: string, sourceLayer?: string): Record<string, unknown>[] {
  const from = sourceLayer ? { 'source-layer': sourceLayer } : {};
  return [
    {
      id: `${source}-cercles`,
      type: 'circle',
      source,
      ...from,
      paint: {
        'circle-color': classColorExpression(),
        'circle-radius': ['interpolate', ['linear'], ['get', 'count'], 1, 6, 10, 12, 100, 18, 1000, 26],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1.5,
      },
    },
    {
      id: `${source}-nombres`,
      type: 'symbol',
      source,
      ...from,
      filter: ['>', ['get', 'count'], 1],
      layout: { 'text-field': ['to-string', ['get', 'count']], 'text-size': 11, 'text-font': [BASEMAP_FONT] },
      paint: { 'text-color': '#111111' },
    },
  ];
}
