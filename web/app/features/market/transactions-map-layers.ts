/**
 * The layers of the transactions map: the sales as vector tiles of our API, the selected sale (its
 * parcels outlined, a ring at its position) and the sale under the pointer in the table.
 */
import type { MutationDetail } from '@immoloupe/shared/market/transactions-contracts';
import type { Map as MapLibreMap, VectorTileSource } from 'maplibre-gl';
import { credited, SALES_CREDIT } from '~/features/map/attributions';
import {
  PARCELS_SOURCE,
  parcelLayers,
  SALES_SOURCE,
  SALES_TILE_LAYER,
  salesLayers,
  salesTileSource,
  salesTileUrl,
} from '~/features/map/layers';

type AnyLayer = Parameters<MapLibreMap['addLayer']>[0];
type Located = { lon: number | null; lat: number | null };

const pointsAt = (t: Located | null) =>
  t && t.lon !== null && t.lat !== null
    ? [{ type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: [t.lon, t.lat] }, properties: {} }]
    : [];

/** The sales of the filter on the map, as vector tiles of our API: added once, then only their URL changes. */
export function showSales(m: MapLibreMap, query: string) {
  const source = m.getSource(SALES_SOURCE) as VectorTileSource | undefined;
  if (source) {
    source.setTiles([salesTileUrl(window.location.origin, query)]);
    return;
  }
  m.addSource(SALES_SOURCE, salesTileSource(window.location.origin, query));
  for (const l of salesLayers(SALES_SOURCE, true, SALES_TILE_LAYER)) m.addLayer(l as AnyLayer);
  // The marks of the selected and hovered sales stay above the sales and their groups.
  for (const id of [HOVER_DOT.id, SELECTED_RING.id]) if (m.getLayer(id)) m.moveLayer(id);
}

/**
 * The selected sale: the outlines of its parcels (those in the loaded cadastre), and a ring at its
 * position that stays visible when the parcels are too small to see.
 */
export function selectionData(detail: MutationDetail | null) {
  return {
    type: 'FeatureCollection' as const,
    features: [
      ...(detail?.parcels ?? []).flatMap((p) =>
        p.geometry ? [{ type: 'Feature' as const, geometry: p.geometry, properties: { id: p.id } }] : [],
      ),
      ...pointsAt(detail),
    ],
  };
}

/** The sale under the pointer in the table, shown on the map as the eye goes down the list. */
export const HOVER_SOURCE = 'vente-survolee';
const HOVER_DOT = credited(
  {
    id: 'vente-survolee',
    type: 'circle',
    source: HOVER_SOURCE,
    paint: { 'circle-radius': 8, 'circle-color': '#e67700', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
  },
  SALES_CREDIT,
);
export const hoverData = (t: Located | null) => ({ type: 'FeatureCollection' as const, features: pointsAt(t) });

// The sale's position (DVF), in the source of its parcels (the cadastre's, credited by parcelLayers).
const SELECTED_RING = credited(
  {
    id: 'vente-choisie',
    type: 'circle',
    source: PARCELS_SOURCE,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: { 'circle-radius': 11, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': '#e67700', 'circle-stroke-width': 3 },
  },
  SALES_CREDIT,
);

/** The sources and layers of the selected and hovered sales, added once the map is ready. */
export function addSaleMarks(m: MapLibreMap, detail: MutationDetail | null) {
  m.addSource(PARCELS_SOURCE, { type: 'geojson', data: selectionData(detail) as never });
  for (const l of parcelLayers()) m.addLayer(l as AnyLayer);
  m.addLayer(SELECTED_RING as AnyLayer);
  m.addSource(HOVER_SOURCE, { type: 'geojson', data: hoverData(null) as never });
  m.addLayer(HOVER_DOT as AnyLayer);
}

/** The `bbox` parameter of what the map shows: west, south, east, north. */
export function boundsParam(m: MapLibreMap): string {
  const b = m.getBounds();
  return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()].map((v) => v.toFixed(5)).join(',');
}
