/**
 * One MapLibre map, created once after hydration (MapLibre is imported lazily: pages without a
 * map never load it), removed on unmount. The page adds its sources and layers in `onReady`, and
 * updates them with `setData`; the basemap is the configured style or our own plain background.
 */
import type { PublicConfig } from '@immoloupe/shared/app-context';
import { NBSP } from '@immoloupe/shared/format';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { baseStyle } from './layers';

export type MapLib = typeof import('maplibre-gl');

export interface MapViewProps {
  center: [number, number];
  zoom: number;
  height?: number | string;
  label: string;
  onReady: (map: MapLibreMap, lib: MapLib) => void;
  onMoveEnd?: (map: MapLibreMap) => void;
}

export function useMapStyleUrl(): string | null {
  const data = useRouteLoaderData('root') as { publicConfig?: PublicConfig } | undefined;
  return data?.publicConfig?.mapStyleUrl ?? null;
}

export function MapView({ center, zoom, height = 480, label, onReady, onMoveEnd }: MapViewProps) {
  const ref = useRef<HTMLElement>(null);
  const styleUrl = useMapStyleUrl();
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const handlers = useRef({ onReady, onMoveEnd });
  handlers.current = { onReady, onMoveEnd };
  const initial = useRef({ center, zoom, styleUrl });

  useEffect(() => {
    let map: MapLibreMap | undefined;
    let disposed = false;
    import('./maplibre.client')
      .then(({ maplibregl }) => {
        if (disposed || !ref.current) return;
        const { center: c, zoom: z, styleUrl: url } = initial.current;
        map = new maplibregl.Map({
          container: ref.current,
          style: baseStyle(url),
          center: c,
          zoom: z,
          attributionControl: { compact: false },
        });
        map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        map.on('load', () => {
          if (!map) return;
          handlers.current.onReady(map, maplibregl);
          setLoaded(true);
        });
        map.on('moveend', () => map && handlers.current.onMoveEnd?.(map));
      })
      .catch(() => setFailed(true));
    return () => {
      disposed = true;
      map?.remove();
    };
  }, []);

  return (
    <div style={{ position: 'relative', width: '100%', height }}>
      <section
        ref={ref}
        aria-label={label}
        data-map-ready={loaded ? 'true' : undefined}
        style={{ position: 'absolute', inset: 0, borderRadius: 8 }}
      />
      {failed && (
        <p role="alert">{`La carte n’a pas pu se charger (WebGL indisponible${NBSP}?). Les ventes restent listées dans le tableau.`}</p>
      )}
    </div>
  );
}
