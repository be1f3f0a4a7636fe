/**
 * State of the transactions tool: the filters and the map view live in the URL so that a link
 * reproduces the search; this hook derives the API query from them, loads the page of sales, keeps
 * the map's sources in step and holds what is not worth a URL (the drawing, the selected sale).
 */

import { mutationDetailSchema, type TransactionList, transactionListSchema } from '@immoloupe/shared/market/transactions-contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GeoJSONSource, LngLatBoundsLike, Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PARCELS_SOURCE } from '~/features/map/layers';
import { scrollToResult } from '~/features/map/results-with-map';
import { useZoneDefault } from '~/features/zone/use-zone-default';
import { ApiError, apiFetch } from '~/lib/api';
import { errorText } from '~/lib/query-client';
import { type HistoryMode, type UrlPatch, useUrlParams } from '~/lib/use-url-params';
import { addSaleMarks, boundsParam, HOVER_SOURCE, hoverData, selectionData, showSales } from './transactions-map-layers';
import { filterQuery, placeOf } from './transactions-query';

/** The parameters that make the place: a new place is framed on the map, a new filter or page is not. */
const PLACE_KEYS = ['lieu', 'insee', 'parcelle', 'lat', 'lon', 'radius', 'polygon', 'zone'] as const;
const placeKeyOf = (p: URLSearchParams) => PLACE_KEYS.map((k) => p.get(k) ?? '').join('|');

export function useTransactions() {
  const { params, update: setUrl } = useUrlParams();
  const place = placeOf(params);
  const sort = params.get('sort') ?? 'date';
  const order = params.get('order') ?? 'desc';
  const page = Number(params.get('page') ?? '1');
  const query = filterQuery(params);
  const [selected, setSelected] = useState<string | null>(null);
  const [drawing, setDrawing] = useState<[number, number][] | null>(null);
  const map = useRef<MapLibreMap | null>(null);
  const selection = useMutationDetail(selected);
  const placeKey = placeKeyOf(params);
  // The place last framed on the map: a link that carries its own view (`carte`) keeps it.
  const framed = useRef<string | null>(params.has('carte') ? placeKey : null);
  // Extent of a list that arrived before the map was ready.
  const pendingFrame = useRef<LngLatBoundsLike | null>(null);
  // The map's click handler is bound once, in onMapReady: it reads the drawing through this ref.
  const drawingRef = useRef(drawing);
  drawingRef.current = drawing;

  const update = useCallback(
    (patch: UrlPatch, resetPage = true, history: HistoryMode = 'push') =>
      setUrl(resetPage && !('page' in patch) ? { ...patch, page: null } : patch, history),
    [setUrl],
  );

  // « Ma zone » by default once the user has one, when the link names no place.
  useZoneDefault(Boolean(filterQuery(params)) || params.has('lieu'), () => update({ lieu: 'mazone', zone: 'mine' }, true, 'replace'));

  // Back to another kind of place: a drawing under way belongs to the « Zone dessinée » left behind.
  useEffect(() => {
    if (place !== 'dessin') setDrawing(null);
  }, [place]);

  // The list (one page) and the map points (every match, clustered) follow the filters.
  const listUrl = query ? `/api/transactions?${query}&sort=${sort}&order=${order}&page=${page}&pageSize=50` : null;
  const listed = useQuery({
    queryKey: ['transactions', 'list', listUrl],
    queryFn: ({ signal }) => apiFetch(listUrl ?? '', transactionListSchema, { signal }),
    enabled: listUrl !== null,
    // The last list stays while the next is read; refused filters (a period or a price range upside
    // down) show their message instead, not the last list's « 0 vente ».
    placeholderData: keepPreviousData,
  });
  const list: TransactionList | null = listed.data ?? null;
  const loading = listUrl !== null && listed.isFetching;
  const error = listed.error
    ? listed.error instanceof ApiError
      ? (listed.error.issues[0]?.message ?? listed.error.message)
      : 'La recherche a échoué.'
    : null;
  useEffect(() => {
    if (query && map.current) showSales(map.current, query);
  }, [query]);
  // A new place is framed once, when its own list arrives; the map view itself (« Vue de la carte ») never is.
  const arrived = listed.isPlaceholderData ? null : listed.data;
  useEffect(() => {
    if (!arrived?.bounds || place === 'vue' || framed.current === placeKey) return;
    framed.current = placeKey;
    if (map.current) frame(map.current, arrived.bounds);
    else pendingFrame.current = arrived.bounds;
  }, [arrived, place, placeKey]);

  // The selected sale's parcels are outlined on the map.
  useEffect(() => {
    (map.current?.getSource(PARCELS_SOURCE) as GeoJSONSource | undefined)?.setData(selectionData(selection.detail) as never);
  }, [selection.detail]);

  // A move that ends while the user is leaving the page (a framing animation finishing after a click
  // on a link) writes nothing: `useUrlParams` drops a replace while another page loads.
  const onMoveEnd = useCallback(
    (m: MapLibreMap) => {
      const c = m.getCenter();
      const patch: Record<string, string> = { carte: `${c.lng.toFixed(5)},${c.lat.toFixed(5)},${m.getZoom().toFixed(2)}` };
      if (place === 'vue') patch.bbox = boundsParam(m);
      update(patch, place === 'vue', 'replace');
    },
    [place, update],
  );

  // Only the first view: later moves write the URL, they do not re-create the map.
  const [initialView] = useState(() => {
    const [lon, lat, zoom] = (params.get('carte') ?? '').split(',').map(Number);
    return lon !== undefined && lat !== undefined && zoom !== undefined && !Number.isNaN(lon + lat + zoom)
      ? { center: [lon, lat] as [number, number], zoom }
      : {};
  });

  const onMapReady = (m: MapLibreMap) => {
    map.current = m;
    addSaleMarks(m, selection.detail);
    if (query) showSales(m, query);
    m.on('click', 'ventes-points', (e) => {
      const id = e.features?.[0]?.properties?.id;
      if (typeof id !== 'string') return;
      setSelected(id);
      // Its row, when the sale is on the page shown: highlighted and brought into view.
      scrollToResult(id);
    });
    m.on('click', 'ventes-groupes', (e) => m.easeTo({ center: e.lngLat, zoom: Math.min(m.getZoom() + 2, 16) }));
    m.on('click', (e) => {
      const d = drawingRef.current;
      if (d) setDrawing([...d, [e.lngLat.lng, e.lngLat.lat]]);
    });
    if (pendingFrame.current) frame(m, pendingFrame.current);
    pendingFrame.current = null;
  };

  // A new kind of place drops every place parameter of the previous one.
  const choosePlace = (v: string) => {
    setDrawing(v === 'dessin' ? [] : null);
    update({
      lieu: v,
      insee: null,
      parcelle: null,
      lat: null,
      lon: null,
      radius: null,
      adresse: null,
      // The map view is the place at once: the sales of what is shown load without a move first.
      bbox: v === 'vue' && map.current ? boundsParam(map.current) : null,
      polygon: null,
      zone: v === 'mazone' ? 'mine' : null,
    });
  };

  const applyDrawing = () => {
    if (!drawing) return;
    update({ polygon: drawing.map(([x, y]) => `${x.toFixed(6)} ${y.toFixed(6)}`).join(',') });
    setDrawing(null);
  };

  return {
    params,
    place,
    sort,
    order,
    page,
    query,
    list,
    error,
    loading,
    selected,
    setSelected,
    /** A row chosen: its sale opens and the map centres on it. */
    chooseRow: (t: { id: string; lon: number | null; lat: number | null }) => {
      setSelected(t.id);
      if (t.lon !== null && t.lat !== null) map.current?.easeTo({ center: [t.lon, t.lat] });
    },
    selection,
    hover: (t: { lon: number | null; lat: number | null } | null) =>
      (map.current?.getSource(HOVER_SOURCE) as GeoJSONSource | undefined)?.setData(hoverData(t) as never),
    drawing,
    restartDrawing: () => setDrawing([]),
    applyDrawing,
    choosePlace,
    update,
    initialView,
    onMoveEnd,
    onMapReady,
    csv: query ? `/api/transactions.csv?${query}&sort=${sort}&order=${order}` : null,
  };
}

export type Transactions = ReturnType<typeof useTransactions>;

function frame(m: MapLibreMap, bounds: LngLatBoundsLike) {
  m.fitBounds(bounds, { padding: 40, maxZoom: 17, duration: 0 });
}

/** The whole mutation of the selected sale, reloaded whenever another one is picked. */
export function useMutationDetail(id: string | null) {
  const q = useQuery({
    queryKey: ['transactions', 'detail', id],
    queryFn: ({ signal }) => apiFetch(`/api/transactions/${encodeURIComponent(id ?? '')}`, mutationDetailSchema, { signal }),
    enabled: Boolean(id),
  });
  return { detail: id ? (q.data ?? null) : null, error: id ? errorText(q.error, 'La vente n’a pas pu être chargée.') : null };
}

export type MutationSelection = ReturnType<typeof useMutationDetail>;
