/**
 * The map of the parcel search, with its legend: the parcels found outlined (current ones in
 * yellow, those gone from the cadastre in grey), the chosen one in red; a click on a parcel chooses
 * it. The page adds the layers in `onReady` and keeps the map to frame a parcel chosen in the table.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import { type LegendEntry, MapLegend } from '~/features/map/map-legend';
import { MapView } from '~/features/map/map-view';
import { SEARCH_MAP_HEIGHT } from '~/features/map/results-with-map';
import { PARCEL_SEARCH_COLORS as C } from './parcel-search.logic';

export const PARCEL_SEARCH_LEGEND: readonly LegendEntry[] = [
  { swatch: { kind: 'area', color: C.current.fill, outline: C.current.outline }, label: 'Parcelle trouvée, au cadastre actuel' },
  { swatch: { kind: 'area', color: C.gone.fill, outline: C.gone.outline }, label: 'Parcelle disparue du cadastre' },
  {
    swatch: { kind: 'area', color: C.selected.fill, outline: C.selected.outline },
    label: 'Parcelle choisie (cliquer sur une parcelle la choisit et montre sa ligne)',
  },
];

export function ParcelSearchMap({ onReady }: { onReady: (map: MapLibreMap) => void }) {
  return (
    <>
      <MapView label="Carte des parcelles trouvées" height={SEARCH_MAP_HEIGHT} onReady={onReady} />
      <MapLegend label="Légende de la carte des parcelles trouvées" entries={PARCEL_SEARCH_LEGEND} />
    </>
  );
}
