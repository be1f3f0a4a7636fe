/**
 * The map of a search tool: markers aggregated by the server over a grid of the view
 * (`…/clusters?bbox=…&zoom=…` + the search's query), refetched when the view moves or the search
 * changes; a click on a single marker selects it, on a group zooms in. Uses the shared MapView.
 */
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef } from 'react';
import { MapView } from '~/features/map/map-view';
import { clusterLayers } from './zone.logic';

type AnyLayer = Parameters<MapLibreMap['addLayer']>[0];

export interface ClusterMapProps {
  label: string;
  /** `/api/dpe/clusters` or `/api/copros/clusters`. */
  endpoint: string;
  /** The search's query string (without bbox and zoom); null: nothing searched yet. */
  query: string | null;
  /** Points of the current page, to fit the view on a new search. */
  fit: { lon: number | null; lat: number | null }[];
  attribution: string;
  onSelect: (id: string) => void;
}

export function ClusterMap({ label, endpoint, query, fit, attribution, onSelect }: ClusterMapProps) {
  const map = useRef<MapLibreMap | null>(null);
  const source = endpoint.replace(/\W+/g, '-');
  const current = useRef({ query, onSelect });
  current.current = { query, onSelect };

  const refresh = useCallback(() => {
    const m = map.current;
    const q = current.current.query;
    const src = m?.getSource(source) as GeoJSONSource | undefined;
    if (!m || !src) return;
    if (q === null) {
      src.setData({ type: 'FeatureCollection', features: [] });
      return;
    }
    const b = m.getBounds();
    const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
    const bbox = [clamp(b.getWest(), -180, 180), clamp(b.getSouth(), -90, 90), clamp(b.getEast(), -180, 180), clamp(b.getNorth(), -90, 90)]
      .map((v) => v.toFixed(5))
      .join(',');
    fetch(`${endpoint}?${q}&bbox=${bbox}&zoom=${Math.round(m.getZoom())}`, { credentials: 'same-origin' })
      .then((r) => (r.ok ? r.json() : null))
      .then((data) => data && src.setData(data))
      .catch(() => undefined);
  }, [endpoint, source]);

  useEffect(() => {
    const pts = fit.filter((p): p is { lon: number; lat: number } => p.lon !== null && p.lat !== null);
    const m = map.current;
    if (m && pts.length > 0) {
      const lons = pts.map((p) => p.lon);
      const lats = pts.map((p) => p.lat);
      m.fitBounds([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)], { padding: 40, maxZoom: 16, duration: 0 });
    }
    refresh();
  }, [fit, refresh]);

  return (
    <MapView
      label={label}
      center={[2.4, 46.6]}
      zoom={5}
      height={480}
      onMoveEnd={refresh}
      onReady={(m) => {
        map.current = m;
        m.addSource(source, { type: 'geojson', data: { type: 'FeatureCollection', features: [] }, attribution });
        for (const l of clusterLayers(source)) m.addLayer(l as unknown as AnyLayer);
        m.on('click', `${source}-cercles`, (e) => {
          const f = e.features?.[0];
          const id = f?.properties?.id;
          if (typeof id === 'string' && id !== '' && id !== 'null') current.current.onSelect(id);
          else m.easeTo({ center: e.lngLat, zoom: m.getZoom() + 2 });
        });
        refresh();
      }}
    />
  );
}
