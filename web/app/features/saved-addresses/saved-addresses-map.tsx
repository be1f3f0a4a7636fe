/**
 * The saved addresses on one map: a point each, the selected one larger; clicking a point selects
 * its address in the list. The points are updated with `setData`, the view fitted to them.
 */
import type { SavedAddress } from '@immoloupe/shared/saved-addresses/contracts';
import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { ADDRESSES_CREDIT, credited } from '~/features/map/attributions';
import { boundsOf } from '~/features/map/layers';
import { type LegendEntry, MapLegend } from '~/features/map/map-legend';
import { MapView } from '~/features/map/map-view';

const SOURCE = 'mes-adresses';
/** The addresses the Base Adresse Nationale placed (credited to it), then the others, drawn alike. */
const BAN_LAYER = 'mes-adresses-ban';
const LAYER = 'mes-adresses-points';
const WATCHED_COLOR = '#e03131';
const UNWATCHED_COLOR = '#1c7ed6';
const PAINT = {
  'circle-color': ['case', ['==', ['get', 'watched'], 1], WATCHED_COLOR, UNWATCHED_COLOR],
  'circle-radius': ['case', ['==', ['get', 'selected'], 1], 11, 7],
  'circle-stroke-width': 2,
  'circle-stroke-color': '#ffffff',
};
/** The selected address drawn again above both, so that no neighbour of the other layer hides it. */
const SELECTED_LAYER = 'mes-adresses-choisie';
const BY_BAN = ['==', ['get', 'byBan'], 1];

/**
 * The point layers: an address picked in the analysis's field is where the Base Adresse Nationale
 * puts it; a point clicked or a parcel's centre draws nothing of the BAN. The selected one, drawn
 * by one of these two (which credits the BAN or not), is drawn once more on top.
 */
export function savedAddressLayers() {
  return [
    credited({ id: BAN_LAYER, type: 'circle' as const, source: SOURCE, filter: BY_BAN, paint: PAINT }, ADDRESSES_CREDIT),
    { id: LAYER, type: 'circle' as const, source: SOURCE, filter: ['!', BY_BAN], paint: PAINT },
    { id: SELECTED_LAYER, type: 'circle' as const, source: SOURCE, filter: ['==', ['get', 'selected'], 1], paint: PAINT },
  ];
}

/** What the map's colours and sizes stand for, from the very values of its paint. */
export const SAVED_ADDRESSES_LEGEND: readonly LegendEntry[] = [
  {
    swatch: { kind: 'disc', color: WATCHED_COLOR, size: 14 },
    label: 'Adresse surveillée (alerte sur une nouvelle vente ou un nouveau DPE)',
  },
  { swatch: { kind: 'disc', color: UNWATCHED_COLOR, size: 14 }, label: 'Adresse non surveillée' },
  {
    swatch: [
      { kind: 'disc', color: UNWATCHED_COLOR, size: 14 },
      { kind: 'disc', color: UNWATCHED_COLOR, size: 22 },
    ],
    label: 'Le plus gros point est l’adresse choisie dans la liste (cliquer sur un point la choisit)',
  },
];

export function pointsOf(items: readonly SavedAddress[], selected: string | null): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: items.map((a) => ({
      type: 'Feature',
      properties: { id: a.id, selected: a.id === selected ? 1 : 0, watched: a.watch === 'off' ? 0 : 1, byBan: a.placedByBan ? 1 : 0 },
      geometry: { type: 'Point', coordinates: [a.lon, a.lat] },
    })),
  };
}

export function SavedAddressesMap({
  items,
  selected,
  centre = null,
  onSelect,
}: {
  items: readonly SavedAddress[];
  selected: string | null;
  /** The address chosen in the list: the map centres on it. */
  centre?: string | null;
  onSelect: (id: string) => void;
}) {
  const mapRef = useRef<MapLibreMap | null>(null);
  const select = useRef(onSelect);
  select.current = onSelect;
  const data = useMemo(() => pointsOf(items, selected), [items, selected]);
  const bounds = useMemo(() => boundsOf(items.map((a) => [a.lon, a.lat])), [items]);

  const apply = useCallback(
    (map: MapLibreMap) => {
      (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(data);
    },
    [data],
  );
  useEffect(() => {
    if (mapRef.current) apply(mapRef.current);
  }, [apply]);
  useEffect(() => {
    if (mapRef.current && bounds) mapRef.current.fitBounds(bounds, { padding: 32, duration: 0, maxZoom: 16 });
  }, [bounds]);
  const centred = items.find((a) => a.id === centre);
  const centreLon = centred?.lon;
  const centreLat = centred?.lat;
  useEffect(() => {
    if (mapRef.current && centreLon !== undefined && centreLat !== undefined) mapRef.current.easeTo({ center: [centreLon, centreLat] });
  }, [centreLon, centreLat]);

  return (
    <div>
      <MapView
        label="Carte de mes adresses"
        height={420}
        onReady={(map) => {
          mapRef.current = map;
          map.addSource(SOURCE, { type: 'geojson', data });
          for (const layer of savedAddressLayers()) {
            map.addLayer(layer as never);
            map.on('click', layer.id, (e) => {
              const id = e.features?.[0]?.properties?.id;
              if (typeof id === 'string') select.current(id);
            });
          }
          if (bounds) map.fitBounds(bounds, { padding: 32, duration: 0, maxZoom: 16 });
        }}
      />
      <MapLegend label="Légende de la carte de mes adresses" entries={SAVED_ADDRESSES_LEGEND} />
    </div>
  );
}
