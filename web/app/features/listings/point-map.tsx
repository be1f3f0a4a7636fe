/** A map of a few coloured points (localisation candidates, saved listings), fitted to them. */
import type { FeatureCollection } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef } from 'react';
import { credited } from '~/features/map/attributions';
import { BASEMAP_FONT } from '~/features/map/basemap';
import { boundsOf } from '~/features/map/layers';
import { type LegendEntry, MapLegend } from '~/features/map/map-legend';
import { MapView } from '~/features/map/map-view';

export interface MapPointItem {
  id: string;
  lat: number;
  lon: number;
  color: string;
  label: string;
}

const SOURCE = 'points-annonces';
type SetData = { setData?: (d: unknown) => void } | undefined;

function collection(points: readonly MapPointItem[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: points.map((p) => ({
      type: 'Feature',
      properties: { id: p.id, color: p.color, label: p.label },
      geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
    })),
  };
}

export function PointMap({
  points,
  label,
  height = 420,
  numbered = false,
  credit,
  legend,
}: {
  points: readonly MapPointItem[];
  label: string;
  height?: number;
  /** Write each point's label (a rank, as in the list beside the map) in its circle. */
  numbered?: boolean;
  /** Who the points come from (attributions.ts), named while they are drawn: the DPE of the candidates. */
  credit?: string;
  /** What the points' colours and numbers stand for, drawn under the map. */
  legend?: readonly LegendEntry[];
}) {
  const map = useRef<MapLibreMap | null>(null);
  const show = useCallback(
    (m: MapLibreMap) => {
      (m.getSource(SOURCE) as SetData)?.setData?.(collection(points));
      const b = boundsOf(
        points.map((p) => [p.lon, p.lat] as [number, number]),
        0.003,
      );
      if (b) m.fitBounds(b, { padding: 32, duration: 0, maxZoom: 16 });
    },
    [points],
  );
  useEffect(() => {
    if (map.current) show(map.current);
  }, [show]);
  const first = points[0];
  return (
    <div>
      <MapView
        {...(first ? { center: [first.lon, first.lat] as [number, number], zoom: 13 } : {})}
        height={height}
        label={label}
        onReady={(m) => {
          map.current = m;
          m.addSource(SOURCE, { type: 'geojson', data: collection([]) });
          const circles = {
            id: `${SOURCE}-cercles`,
            type: 'circle' as const,
            source: SOURCE,
            paint: { 'circle-radius': 10, 'circle-color': ['get', 'color'], 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
          };
          m.addLayer((credit ? credited(circles, credit) : circles) as Parameters<MapLibreMap['addLayer']>[0]);
          if (numbered)
            m.addLayer({
              id: `${SOURCE}-numeros`,
              type: 'symbol',
              source: SOURCE,
              layout: { 'text-field': ['get', 'label'], 'text-font': [BASEMAP_FONT], 'text-size': 11, 'text-allow-overlap': true },
              paint: { 'text-color': '#ffffff' },
            });
          show(m);
        }}
      />
      {legend ? <MapLegend label={`Légende de la ${label.charAt(0).toLowerCase()}${label.slice(1)}`} entries={legend} /> : null}
    </div>
  );
}
