/**
 * The map of a search tool: markers from the vector tiles of its layer (`/api/tiles/dpe/…`,
 * `/api/tiles/copros/…` + the search's query), aggregated per tile by the server and coloured by
 * class; a new search swaps the tile URL. A click on a single marker selects it, on a group zooms
 * in. The result chosen in the table is ringed (and the map centred on it), the one under the
 * pointer ringed lightly. Uses the shared MapView.
 */

import { NBSP } from '@immoloupe/shared/format';
import type { GeoJSONSource, Map as MapLibreMap, VectorTileSource } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { COPRO_CREDIT, credited, DPE_CREDIT } from '~/features/map/attributions';
import { searchTileSource, searchTileUrl } from '~/features/map/layers';
import { type LegendEntry, MapLegend } from '~/features/map/map-legend';
import { MapView } from '~/features/map/map-view';
import { SEARCH_MAP_HEIGHT } from '~/features/map/results-with-map';
import type { MapChoice, ResultPoint } from '~/features/map/use-result-selection';
import { clusterLegendEntries } from './cluster-legend';
import { clusterLayers } from './zone.logic';

type AnyLayer = Parameters<MapLibreMap['addLayer']>[0];

export interface ClusterMapProps {
  label: string;
  /** The tile layer: `dpe` or `copros`. */
  layer: 'dpe' | 'copros';
  /** The search's query string; null: nothing searched yet. */
  query: string | null;
  /** Points of the current page, to fit the view on a new search. */
  fit: { lon: number | null; lat: number | null }[];
  onSelect: (id: string) => void;
  /** The result chosen in the table or on the map, and the row under the pointer. */
  chosen?: MapChoice | null;
  hovered?: ResultPoint | null;
}

const CHOSEN_COLOR = '#212529';
const HOVERED_COLOR = '#f76707';

/** The rings around the chosen and the hovered results, over the markers. */
function ringLayers(source: string): AnyLayer[] {
  const ring = (kind: string, color: string, width: number, radius: number) =>
    ({
      id: `${source}-${kind}`,
      type: 'circle',
      source,
      filter: ['==', ['get', 'kind'], kind],
      paint: { 'circle-radius': radius, 'circle-color': 'rgba(0, 0, 0, 0)', 'circle-stroke-color': color, 'circle-stroke-width': width },
    }) as AnyLayer;
  return [ring('survole', HOVERED_COLOR, 3, 17), ring('choisi', CHOSEN_COLOR, 4, 19)];
}

function ringData(chosen: ResultPoint | null | undefined, hovered: ResultPoint | null | undefined) {
  const at = (p: ResultPoint, kind: string) => ({
    type: 'Feature' as const,
    properties: { kind, id: p.id },
    geometry: { type: 'Point' as const, coordinates: [p.lon, p.lat] },
  });
  return {
    type: 'FeatureCollection' as const,
    features: [...(hovered ? [at(hovered, 'survole')] : []), ...(chosen ? [at(chosen, 'choisi')] : [])],
  };
}

const RING_LEGEND: LegendEntry[] = [
  {
    swatch: { kind: 'disc', color: 'transparent', stroke: CHOSEN_COLOR, size: 18 },
    label: `Cerclé de noir${NBSP}: la ligne choisie dans le tableau`,
  },
  {
    swatch: { kind: 'disc', color: 'transparent', stroke: HOVERED_COLOR, size: 18 },
    label: `Cerclé d’orange${NBSP}: la ligne sous le pointeur`,
  },
];

/** Who the markers of each layer come from, named while they are drawn. */
const CREDITS = { dpe: DPE_CREDIT, copros: COPRO_CREDIT } as const;

export function ClusterMap({ label, layer, query, fit, onSelect, chosen = null, hovered = null }: ClusterMapProps) {
  const map = useRef<MapLibreMap | null>(null);
  const source = `carte-${layer}`;
  const rings = `${source}-anneaux`;
  const current = useRef({ query, onSelect, fit, chosen, hovered });
  current.current = { query, onSelect, fit, chosen, hovered };
  // Markers drawn once the map is idle, for people checking the map with their tools and for the
  // browser tests (a WebGL canvas cannot be read).
  const [markers, setMarkers] = useState<number>();

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    show(m, source, layer, query);
    fitTo(m, fit);
  }, [fit, query, source, layer]);

  useEffect(() => {
    (map.current?.getSource(rings) as GeoJSONSource | undefined)?.setData(ringData(chosen, hovered));
  }, [chosen, hovered, rings]);
  // A row chosen: the map comes to its marker, close enough to tell it from its neighbours.
  const focusId = chosen?.fromRow ? chosen.id : null;
  const focusLon = chosen?.lon;
  const focusLat = chosen?.lat;
  useEffect(() => {
    const m = map.current;
    if (!m || focusId === null || focusLon === undefined || focusLat === undefined) return;
    m.easeTo({ center: [focusLon, focusLat], zoom: Math.max(m.getZoom(), 16), duration: 300 });
  }, [focusId, focusLon, focusLat]);

  return (
    <div data-markers={markers} data-chosen={chosen?.id} data-hovered={hovered?.id}>
      <MapView
        label={label}
        height={SEARCH_MAP_HEIGHT}
        onReady={(m) => {
          map.current = m;
          m.addSource(source, searchTileSource(window.location.origin, layer, current.current.query ?? ''));
          for (const l of clusterLayers(source, layer)) m.addLayer(credited(l, CREDITS[layer]) as unknown as AnyLayer);
          m.addSource(rings, { type: 'geojson', data: ringData(current.current.chosen, current.current.hovered) });
          for (const l of ringLayers(rings)) m.addLayer(l);
          show(m, source, layer, current.current.query);
          // Results that arrived while the map was loading are framed now.
          fitTo(m, current.current.fit);
          m.on('click', `${source}-cercles`, (e) => {
            const id = e.features?.[0]?.properties?.id;
            if (typeof id === 'string' && id !== '') current.current.onSelect(id);
            else m.easeTo({ center: e.lngLat, zoom: m.getZoom() + 2 });
          });
          m.on('idle', () => setMarkers(m.queryRenderedFeatures({ layers: [`${source}-cercles`] }).length));
        }}
      />
      <MapLegend
        label={`Légende de la ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
        entries={[...clusterLegendEntries(layer), ...RING_LEGEND]}
      />
    </div>
  );
}

function fitTo(m: MapLibreMap, fit: ClusterMapProps['fit']) {
  const pts = fit.filter((p): p is { lon: number; lat: number } => p.lon !== null && p.lat !== null);
  if (pts.length === 0) return;
  const lons = pts.map((p) => p.lon);
  const lats = pts.map((p) => p.lat);
  m.fitBounds([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)], { padding: 40, maxZoom: 16, duration: 0 });
}

/** Points the source at the search's tiles, or hides the markers while nothing is searched. */
function show(m: MapLibreMap, source: string, layer: string, query: string | null) {
  const src = m.getSource(source) as VectorTileSource | undefined;
  if (!src) return;
  const visibility = query === null ? 'none' : 'visible';
  for (const id of [`${source}-cercles`, `${source}-nombres`]) if (m.getLayer(id)) m.setLayoutProperty(id, 'visibility', visibility);
  if (query === null) return;
  const url = searchTileUrl(window.location.origin, layer, query);
  if (src.tiles?.[0] !== url) src.setTiles([url]);
}
