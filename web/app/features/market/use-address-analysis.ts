/**
 * State of the address analysis: the address, its position and the radius live in the URL, so that
 * a link reproduces the page; this hook loads the analysis for them, keeps the map's sources in step
 * and turns a pick in the address field or a click on the map into a new URL.
 */
import { type AddressAnalysis, addressAnalysisSchema, PLACED_BY_BAN_POSITION } from '@immoloupe/shared/market/address-contracts';
import { useQuery } from '@tanstack/react-query';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { monthlyTrendOption } from '~/features/charts/options';
import {
  analysedPointLayers,
  boundsOf,
  PARCELS_SOURCE,
  PLACED_BY_BAN,
  parcelLayers,
  RADIUS_SOURCE,
  radiusCircle,
  radiusLayers,
  SALES_SOURCE,
  SUBJECT_SOURCE,
  salesLayers,
  salesSource,
} from '~/features/map/layers';
import { ApiError, apiFetch } from '~/lib/api';
import { useLastAnswer } from '~/lib/query-client';
import type { PickedAddress } from './address-search';
import { TYPE_PLURALS } from './labels';

type SetData = { setData?: (d: unknown) => void } | undefined;
type AnyLayer = Parameters<MapLibreMap['addLayer']>[0];

const reverseSchema = z.object({ results: z.array(z.object({ type: z.string(), label: z.string() })) });

const PLACED_BY_BAN_PARAM = { position: PLACED_BY_BAN_POSITION };

function geo(a: AddressAnalysis | null, placedByBan: boolean) {
  const empty = { type: 'FeatureCollection' as const, features: [] as unknown[] };
  if (!a) return { sales: empty, parcel: empty, point: empty, radius: empty };
  return {
    radius: radiusCircle(a.point.lon, a.point.lat, a.radius),
    sales: {
      type: 'FeatureCollection' as const,
      features: a.nearby.items
        .filter((t) => t.lon !== null && t.lat !== null)
        .map((t) => ({
          type: 'Feature',
          properties: { id: t.id, ppm2: t.pricePerM2 },
          geometry: { type: 'Point', coordinates: [t.lon, t.lat] },
        })),
    },
    parcel: {
      type: 'FeatureCollection' as const,
      features: a.parcel ? [{ type: 'Feature', properties: { id: a.parcel.id }, geometry: a.parcel.geometry }] : [],
    },
    point: {
      type: 'FeatureCollection' as const,
      features: [
        {
          type: 'Feature',
          properties: { [PLACED_BY_BAN]: placedByBan },
          geometry: { type: 'Point', coordinates: [a.point.lon, a.point.lat] },
        },
      ],
    },
  };
}

export function useAddressAnalysis() {
  const [params, setParams] = useSearchParams();
  const lat = params.get('lat');
  const lon = params.get('lon');
  const label = params.get('adresse') ?? '';
  const radius = params.get('rayon') ?? '500';
  const parcelle = params.get('parcelle') ?? '';
  const placedByBan = params.get('position') === PLACED_BY_BAN_PARAM.position;
  const query = lat && lon ? new URLSearchParams({ lat, lon, radius, ...(parcelle ? { parcelle } : {}) }).toString() : null;
  // Who placed the point shown comes with its analysis: the previous point stays on the map until
  // the next one is analysed (and under the error of a failed one), and keeps its own credit meanwhile.
  const analysis = useQuery({
    queryKey: ['market', 'address', query, placedByBan],
    queryFn: async ({ signal }) => ({
      analysis: await apiFetch(`/api/market/address?${query}`, addressAnalysisSchema, { signal }),
      placedByBan,
    }),
    enabled: query !== null,
  });
  const shown = useLastAnswer(analysis.data);
  const data: AddressAnalysis | null = shown?.analysis ?? null;
  const shownPlacedByBan = shown?.placedByBan ?? false;
  const loading = query !== null && analysis.isFetching;
  const error =
    query !== null && analysis.error
      ? analysis.error instanceof ApiError
        ? (analysis.error.issues[0]?.message ?? analysis.error.message)
        : 'L’analyse a échoué.'
      : null;
  const map = useRef<MapLibreMap | null>(null);
  // The map's click handler is bound once, in onMapReady: it reads the radius chosen since through this ref.
  const radiusRef = useRef(radius);
  radiusRef.current = radius;
  // A map click waits for its reverse geocoding before it writes the URL. Every click and every
  // change of the address field takes the next number, and an answer that is no longer the latest
  // is dropped: otherwise it would bring back an older point, or replace the address being typed.
  const lastIntent = useRef(0);

  const layersData = useMemo(() => geo(data, shownPlacedByBan), [data, shownPlacedByBan]);
  const showOnMap = useCallback(
    (m: MapLibreMap) => {
      (m.getSource(SALES_SOURCE) as SetData)?.setData?.(layersData.sales);
      (m.getSource(PARCELS_SOURCE) as SetData)?.setData?.(layersData.parcel);
      (m.getSource(SUBJECT_SOURCE) as SetData)?.setData?.(layersData.point);
      (m.getSource(RADIUS_SOURCE) as SetData)?.setData?.(layersData.radius);
      // The map opens on the radius the figures are computed in: the parcel at its centre, every sale counted inside.
      const ring = (layersData.radius.features[0] as { geometry?: { coordinates: [number, number][][] } } | undefined)?.geometry;
      const b = ring ? boundsOf(ring.coordinates[0] ?? [], 0) : null;
      if (b) m.fitBounds(b, { padding: 16, duration: 0, maxZoom: 17 });
    },
    [layersData],
  );
  useEffect(() => {
    if (map.current) showOnMap(map.current);
  }, [showOnMap]);

  // Called on every change of the address field: typing (no address yet) also outdates a pending click.
  function pick(a: PickedAddress | null) {
    lastIntent.current += 1;
    if (!a) return;
    setParams({
      adresse: a.label,
      lat: String(a.lat),
      lon: String(a.lon),
      rayon: radius,
      ...(a.idParcelle ? { parcelle: a.idParcelle } : {}),
      ...(a.placedByBan ? PLACED_BY_BAN_PARAM : {}),
    });
  }

  async function clickMap(lngLat: { lng: number; lat: number }) {
    const intent = ++lastIntent.current;
    let name = `Point ${lngLat.lat.toFixed(5)} / ${lngLat.lng.toFixed(5)}`;
    try {
      const r = await apiFetch(`/api/reverse?lat=${lngLat.lat}&lon=${lngLat.lng}`, reverseSchema);
      name = r.results.find((x) => x.type === 'adresse')?.label ?? name;
    } catch {
      // Without reverse geocoding the point is still analysed, named by its coordinates.
    }
    if (intent !== lastIntent.current) return;
    // No `position`: the point is where the agent clicked, even when the BAN names the address there.
    setParams({ adresse: name, lat: lngLat.lat.toFixed(6), lon: lngLat.lng.toFixed(6), rayon: radiusRef.current });
  }

  /** Zooms onto the analysed parcel (or the point without one), which the radius view shows small. */
  const focusParcel = () => {
    const m = map.current;
    if (!m || !data) return;
    const coords = (layersData.parcel.features as { geometry: { type: string; coordinates: unknown } }[]).flatMap((f) =>
      f.geometry.type === 'MultiPolygon'
        ? (f.geometry.coordinates as [number, number][][][]).flat(2)
        : (f.geometry.coordinates as [number, number][][]).flat(),
    );
    const b = boundsOf(coords.length > 0 ? coords : [[data.point.lon, data.point.lat]], 0.0003);
    if (b) m.fitBounds(b, { padding: 24, maxZoom: 19 });
  };

  const setRadius = (v: string) => setParams((p) => ({ ...Object.fromEntries(p), rayon: v }));

  const onMapReady = (m: MapLibreMap) => {
    map.current = m;
    m.addSource(RADIUS_SOURCE, { type: 'geojson', data: layersData.radius as never });
    for (const l of radiusLayers()) m.addLayer(l as AnyLayer);
    m.addSource(PARCELS_SOURCE, { type: 'geojson', data: layersData.parcel as never });
    for (const l of parcelLayers()) m.addLayer(l as AnyLayer);
    m.addSource(SALES_SOURCE, salesSource(layersData.sales as never));
    for (const l of salesLayers()) m.addLayer(l as AnyLayer);
    m.addSource(SUBJECT_SOURCE, { type: 'geojson', data: layersData.point as never });
    for (const l of analysedPointLayers()) m.addLayer(l as AnyLayer);
    m.on('click', (e) => {
      const hit = m.queryRenderedFeatures(e.point, { layers: ['ventes-groupes'] })[0];
      if (hit) {
        m.easeTo({ center: e.lngLat, zoom: m.getZoom() + 2 });
        return;
      }
      void clickMap(e.lngLat);
    });
    showOnMap(m);
  };

  const trend = useMemo(
    () => (data ? monthlyTrendOption(data.trend.map((t) => ({ name: TYPE_PLURALS[t.type], monthly: t.monthly }))) : null),
    [data],
  );

  return { lat, lon, label, placedByBan, radius, data, loading, error, trend, pick, setRadius, onMapReady, focusParcel };
}

export type AddressAnalysisState = ReturnType<typeof useAddressAnalysis>;
