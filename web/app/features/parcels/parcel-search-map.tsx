/**
 * The map of the parcel search, with its legend: the PLU zones of the parcels' area in the CNIG
 * colours under the parcels found (current ones in yellow, those gone from the cadastre in grey),
 * the chosen one in red; a click on a parcel chooses it. The page adds its layers in `onReady`,
 * above the zoning, and keeps the map to frame a parcel chosen in the table.
 */
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { type LegendEntry, MapLegend } from '~/features/map/map-legend';
import { MapView } from '~/features/map/map-view';
import { SEARCH_MAP_HEIGHT } from '~/features/map/results-with-map';
import { useZoning } from '~/features/urbanism/use-zoning';
import { ZONING_LAYERS, ZONING_SOURCE, zoningFeatures, zoningLegend } from '~/features/urbanism/zoning-layer.logic';
import { PARCEL_SEARCH_COLORS as C } from './parcel-search.logic';

type AnyLayer = Parameters<MapLibreMap['addLayer']>[0];

export const PARCEL_SEARCH_LEGEND: readonly LegendEntry[] = [
  { swatch: { kind: 'area', color: C.current.fill, outline: C.current.outline }, label: 'Parcelle trouvée, au cadastre actuel' },
  { swatch: { kind: 'area', color: C.gone.fill, outline: C.gone.outline }, label: 'Parcelle disparue du cadastre' },
  {
    swatch: { kind: 'area', color: C.selected.fill, outline: C.selected.outline },
    label: 'Parcelle choisie (cliquer sur une parcelle la choisit et montre sa ligne)',
  },
];

/** `zoningArea`: the box of the parcels found, whose PLU zones are drawn (none without). */
export function ParcelSearchMap({
  onReady,
  zoningArea = null,
}: {
  onReady: (map: MapLibreMap) => void;
  zoningArea?: readonly [number, number, number, number] | null;
}) {
  const map = useRef<MapLibreMap | null>(null);
  const zoning = useZoning(zoningArea);
  const data = useMemo(() => zoningFeatures(zoning.data), [zoning.data]);
  useEffect(() => {
    (map.current?.getSource(ZONING_SOURCE) as GeoJSONSource | undefined)?.setData(data as never);
  }, [data]);
  const present = useMemo(() => new Set(data.features.map((f) => f.properties.cnig).filter(Boolean)), [data]);
  const legend = present.size > 0 ? [...PARCEL_SEARCH_LEGEND, ...zoningLegend(present)] : PARCEL_SEARCH_LEGEND;
  return (
    <>
      <MapView
        label="Carte des parcelles trouvées"
        height={SEARCH_MAP_HEIGHT}
        onReady={(m) => {
          map.current = m;
          m.addSource(ZONING_SOURCE, { type: 'geojson', data: data as never });
          for (const l of ZONING_LAYERS) m.addLayer(l as unknown as AnyLayer);
          onReady(m);
        }}
      />
      <MapLegend label="Légende de la carte des parcelles trouvées" entries={legend} />
    </>
  );
}
