/**
 * The value opinion's map: the subject and its comparables, each numbered as in the comparables
 * table (n° 1 is the table's first row), coloured by its price per m², with the legend. The same
 * map on /pro/avisdevaleur and on the printed opinion (drawn, then printed as a picture).
 */
import { NBSP } from '@immoloupe/shared/format';
import type { ComparableDto, EstimateResponse } from '@immoloupe/shared/market/estimate-contracts';
import type { FeatureCollection, Point } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { ADDRESSES_CREDIT, CADASTRE_CREDIT, credited, OPEN_LICENCE, SALES_CREDIT, STREET_NAMES_CREDIT } from '~/features/map/attributions';
import { BASEMAP_FONT } from '~/features/map/basemap';
import {
  analysedPointLayers,
  boundsOf,
  PLACED_BY_BAN,
  priceColorExpression,
  SALES_SOURCE,
  SUBJECT_COLOR,
  SUBJECT_SOURCE,
} from '~/features/map/layers';
import { type LegendEntry, MapLegend } from '~/features/map/map-legend';
import { MapView } from '~/features/map/map-view';
import { priceRampStops } from '~/features/map/sales-legend';
import { PrintedMap } from './print-map';

type AnyLayer = Parameters<MapLibreMap['addLayer']>[0];

/** The numbers of the comparables a marker stands for: their rows, from 1 (« 4, 5, 6 » for sales at one address). */
export const NUMBER_PROPERTY = 'n';

/**
 * One marker per place: sales at the same point (the flats of one building) share a marker that
 * lists their numbers, rather than numbers drawn over each other; coloured by the first one's €/m².
 */
export function comparablesGeo(comparables: readonly ComparableDto[]): FeatureCollection<Point> {
  const places = new Map<string, { lon: number; lat: number; ppm2: number; numbers: number[] }>();
  comparables.forEach((c, i) => {
    const key = `${c.lon.toFixed(5)},${c.lat.toFixed(5)}`;
    const place = places.get(key) ?? { lon: c.lon, lat: c.lat, ppm2: c.pricePerM2, numbers: [] };
    place.numbers.push(i + 1);
    places.set(key, place);
  });
  return {
    type: 'FeatureCollection',
    features: [...places.values()].map((p) => ({
      type: 'Feature',
      properties: { ppm2: p.ppm2, [NUMBER_PROPERTY]: p.numbers.join(', '), count: p.numbers.length },
      geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
    })),
  };
}

function subjectGeo(result: EstimateResponse): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { [PLACED_BY_BAN]: result.subject.placedByBan },
        geometry: { type: 'Point', coordinates: [result.subject.lon, result.subject.lat] },
      },
    ],
  };
}

/** Numbered discs: every number drawn, even where two sales overlap (the same building). */
export function numberedSalesLayers(source = SALES_SOURCE) {
  return [
    credited(
      {
        id: 'comparables-points',
        type: 'circle',
        source,
        paint: {
          'circle-color': priceColorExpression('ppm2'),
          // Wider for a marker listing several numbers.
          'circle-radius': ['step', ['get', 'count'], 10, 2, 15, 3, 19],
          'circle-stroke-width': 1.5,
          'circle-stroke-color': '#212529',
        },
      },
      SALES_CREDIT,
    ),
    {
      id: 'comparables-numeros',
      type: 'symbol',
      source,
      layout: {
        'text-field': ['get', NUMBER_PROPERTY],
        'text-font': [BASEMAP_FONT],
        'text-size': ['step', ['get', 'count'], 12, 2, 10],
        'text-allow-overlap': true,
        'text-ignore-placement': true,
      },
      paint: { 'text-color': '#ffffff', 'text-halo-color': '#212529', 'text-halo-width': 1.5 },
    },
  ];
}

export const COMPARABLES_LEGEND: readonly LegendEntry[] = [
  { swatch: { kind: 'disc', color: SUBJECT_COLOR, size: 14 }, label: 'Bien estimé' },
  {
    swatch: { kind: 'ramp', stops: priceRampStops() },
    label: `Vente comparable${NBSP}: son numéro est celui du tableau (plusieurs numéros${NBSP}: ventes à la même adresse), sa couleur son prix au m²`,
  },
];

/** The credits of the printed map, which has no MapLibre attribution line. */
export const PRINTED_MAP_CREDITS = `${[SALES_CREDIT, CADASTRE_CREDIT, STREET_NAMES_CREDIT, ADDRESSES_CREDIT].join(' · ')}, ${OPEN_LICENCE}`;

export function ComparablesMap({ result, print = false }: { result: EstimateResponse; print?: boolean }) {
  const map = useRef<MapLibreMap | null>(null);
  const data = useMemo(() => ({ subject: subjectGeo(result), sales: comparablesGeo(result.comparables) }), [result]);
  const fit = useCallback(
    (m: MapLibreMap) => {
      const b = boundsOf(
        [[result.subject.lon, result.subject.lat], ...result.comparables.map((c) => [c.lon, c.lat] as [number, number])],
        0.0005,
      );
      if (b) m.fitBounds(b, { padding: 32, duration: 0, maxZoom: 18 });
    },
    [result],
  );
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    (m.getSource(SALES_SOURCE) as { setData?: (d: unknown) => void } | undefined)?.setData?.(data.sales);
    (m.getSource(SUBJECT_SOURCE) as { setData?: (d: unknown) => void } | undefined)?.setData?.(data.subject);
    fit(m);
  }, [data, fit]);
  const onReady = (m: MapLibreMap) => {
    map.current = m;
    m.addSource(SALES_SOURCE, { type: 'geojson', data: data.sales });
    m.addSource(SUBJECT_SOURCE, { type: 'geojson', data: data.subject });
    // The subject over the sales' discs, under their numbers: both stay readable at the same address.
    const [discs, numbers] = numberedSalesLayers();
    m.addLayer(discs as AnyLayer);
    for (const layer of analysedPointLayers()) m.addLayer(layer as AnyLayer);
    m.addLayer(numbers as AnyLayer);
    fit(m);
  };
  const label = 'Carte du bien et des comparables';
  return (
    <div>
      {print ? (
        <PrintedMap label={label} center={[result.subject.lon, result.subject.lat]} zoom={15} height={260} onReady={onReady} />
      ) : (
        <MapView label={label} center={[result.subject.lon, result.subject.lat]} zoom={15} height={320} onReady={onReady} />
      )}
      <MapLegend label="Légende de la carte du bien et des comparables" entries={COMPARABLES_LEGEND} />
      {print && <p style={{ fontSize: 10, color: '#868e96', margin: '2px 0 0' }}>{PRINTED_MAP_CREDITS}</p>}
    </div>
  );
}
