/**
 * State of the market analysis: the zone, period, types and natures live in the URL, so that a
 * link, the printable version and the PDF reproduce the page; this hook derives the API query from
 * them, loads the analysis, paints its sections on the map and holds what is not worth a URL (the
 * section being typed). The commune picker keeps its own text and names.
 */
import { countOf, formatEurosPerSquareMetre, NBSP } from '@immoloupe/shared/format';
import { type MarketAnalysis, marketAnalysisResponseSchema } from '@immoloupe/shared/market/contracts';
import { STAT_NATURES } from '@immoloupe/shared/market/dvf';
import { useQuery } from '@tanstack/react-query';
import type { LngLatLike, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BASEMAP_SOURCE } from '~/features/map/basemap';
import { boundsOf, CHOROPLETH_LAYER, sectionChoroplethLayer } from '~/features/map/layers';
import type { MapLib } from '~/features/map/map-view';
import { ApiError, apiFetch } from '~/lib/api';
import { useLastAnswer } from '~/lib/query-client';
import { useUrlParams } from '~/lib/use-url-params';
import { addUnoutlinedSections, paintSections, UNOUTLINED_LAYER } from './section-choropleth';
import { usePdfAvailable } from './use-pdf-status';

export type ZoneKind = 'communes' | 'section' | 'rayon';
type AnyLayer = Parameters<MapLibreMap['addLayer']>[0];

/**
 * The API query of the page's URL (same parameter names), or null when no zone is chosen yet.
 * Without `from`/`to` the server picks the default period, which ends at the zone's newest sale.
 */
export function analysisQuery(params: URLSearchParams): string | null {
  const q = new URLSearchParams();
  for (const key of ['insee', 'section', 'lat', 'lon', 'radius', 'from', 'to', 'types', 'natures']) {
    const v = params.get(key);
    if (v) q.set(key, v);
  }
  const radius = Boolean(q.get('lat') && q.get('lon') && q.get('radius'));
  if (!q.get('insee') && !q.get('section') && !radius) return null;
  // The address a radius is drawn around names it in the report.
  const address = params.get('adresse');
  if (radius && address) q.set('adresse', address);
  return q.toString();
}

function sectionsGeo(data: MarketAnalysis | null) {
  return {
    type: 'FeatureCollection' as const,
    features: (data?.sections ?? [])
      .filter((s) => s.median !== null)
      .map((s) => ({
        type: 'Feature',
        properties: { code: s.code, ppm2: s.median, n: s.count },
        geometry: { type: 'Point', coordinates: [s.lon, s.lat] },
      })),
  };
}

function frameSections(m: MapLibreMap, sections: ReturnType<typeof sectionsGeo>) {
  const b = boundsOf(
    sections.features.map((f) => f.geometry.coordinates as [number, number]),
    0.003,
  );
  if (b) m.fitBounds(b, { padding: 24, duration: 0, maxZoom: 15 });
}

export function useMarketAnalysis() {
  // Each choice is a history entry: Back undoes it.
  const { params, update } = useUrlParams();
  const kind = (params.get('zone') as ZoneKind | null) ?? (params.get('section') ? 'section' : params.get('lat') ? 'rayon' : 'communes');
  const [sectionText, setSectionText] = useState(params.get('section') ?? '');
  // Back to another section: the field shows it.
  const sectionParam = params.get('section') ?? '';
  useEffect(() => setSectionText(sectionParam), [sectionParam]);
  const map = useRef<MapLibreMap | null>(null);

  const insee = (params.get('insee') ?? '').split(',').filter(Boolean);
  const types = (params.get('types') ?? 'maison,appartement').split(',').filter(Boolean);
  const natures = (params.get('natures') ?? STAT_NATURES.join(',')).split(',').filter(Boolean);
  const query = analysisQuery(new URLSearchParams({ types: types.join(','), natures: natures.join(','), ...Object.fromEntries(params) }));
  const analysis = useQuery({
    queryKey: ['market', 'analysis', query],
    queryFn: ({ signal }) => apiFetch(`/api/market/analysis?${query}`, marketAnalysisResponseSchema, { signal }),
    enabled: Boolean(query),
  });
  // The figures on screen stay while the next ones are read, and under the error of a failed read.
  const data = useLastAnswer(analysis.data) ?? null;
  const loading = Boolean(query) && analysis.isFetching;
  const error =
    query && analysis.error
      ? analysis.error instanceof ApiError
        ? (analysis.error.issues[0]?.message ?? analysis.error.message)
        : 'L’analyse a échoué.'
      : null;
  // The fields show the period the figures cover: the one chosen, or the default the server picked.
  const shown = data && analysisQuery(new URLSearchParams({ ...Object.fromEntries(params) })) !== null ? data : null;
  const from = params.get('from') ?? shown?.from ?? '';
  const to = params.get('to') ?? shown?.to ?? '';
  // The printed report covers exactly the period on screen, even if newer sales are imported meanwhile.
  const printQuery =
    query && shown
      ? new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(query)), from: shown.from, to: shown.to }).toString()
      : query;

  const pdfAvailable = usePdfAvailable();
  const sections = useMemo(() => sectionsGeo(data), [data]);
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    paintSections(m, data?.sections ?? []);
    frameSections(m, sections);
  }, [sections, data]);

  // A new kind of zone drops every zone parameter of the previous one.
  const chooseZone = (v: string) => update({ zone: v, insee: null, section: null, lat: null, lon: null, radius: null, adresse: null });

  // A commune added makes the zone « communes » in the URL too; one removed only shortens the list.
  const setCommunes = (codes: string[]) =>
    update(codes.length > insee.length ? { insee: codes.join(','), zone: 'communes' } : { insee: codes.join(',') });

  function toggle(list: string[], value: string, key: 'types' | 'natures') {
    const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
    if (next.length) update({ [key]: next.join(',') });
  }

  const onMapReady = (m: MapLibreMap, lib: MapLib) => {
    map.current = m;
    // Under the street names of the basemap, over its fills.
    m.addLayer(
      sectionChoroplethLayer(BASEMAP_SOURCE) as unknown as AnyLayer,
      m.getLayer('fond-voies-noms') ? 'fond-voies-noms' : undefined,
    );
    addUnoutlinedSections(m, m.getLayer('fond-voies-noms') ? 'fond-voies-noms' : undefined);
    paintSections(m, data?.sections ?? []);
    // The analysis may have answered before the map was ready.
    frameSections(m, sections);
    const popup = new lib.Popup({ closeButton: false, closeOnClick: false });
    const show = (lngLat: LngLatLike, p: { code?: unknown; ppm2?: unknown; n?: unknown } | undefined) => {
      if (typeof p?.code !== 'string' || typeof p.ppm2 !== 'number' || typeof p.n !== 'number') {
        popup.remove();
        return;
      }
      popup
        .setLngLat(lngLat)
        .setText(`Section ${p.code.slice(8).replace(/^0/, '')}${NBSP}: ${formatEurosPerSquareMetre(p.ppm2)} (${countOf(p.n, 'vente')})`)
        .addTo(m);
    };
    m.on('mousemove', CHOROPLETH_LAYER, (e) => {
      const f = e.features?.[0];
      show(e.lngLat, f ? { code: String(f.id ?? ''), ...(f.state as { ppm2?: number; n?: number }) } : undefined);
    });
    m.on('mousemove', UNOUTLINED_LAYER, (e) => show(e.lngLat, e.features?.[0]?.properties));
    m.on('mouseleave', CHOROPLETH_LAYER, () => popup.remove());
    m.on('mouseleave', UNOUTLINED_LAYER, () => popup.remove());
  };

  return {
    params,
    kind,
    setCommunes,
    sectionText,
    setSectionText,
    insee,
    types,
    natures,
    query,
    shown,
    from,
    to,
    printQuery,
    pdfAvailable,
    data,
    loading,
    error,
    update,
    chooseZone,
    toggle,
    onMapReady,
  };
}

export type MarketAnalysisState = ReturnType<typeof useMarketAnalysis>;
