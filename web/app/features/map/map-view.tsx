/**
 * One MapLibre map, created once after hydration (MapLibre is imported lazily: pages without a
 * map never load it), removed on unmount. The page adds its sources and layers in `onReady`, and
 * updates them with `setData`. The basemap lives here, so every map has it: the configured style
 * when it answers in time (with our parcels and sections over it), else our own base drawn from
 * our data (basemap.ts), so that a map stays readable offline.
 */
import type { PublicConfig } from '@immoloupe/shared/app-context';
import { NBSP } from '@immoloupe/shared/format';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { PLAN_IGN_ATTRIBUTION } from './attributions';
import { BASEMAP_SOURCE, basemapSource, cadastreLayers, EMPTY_BASEMAP_NOTICE, isPlanIgn } from './basemap';
import { followMapAttribution, type MapAttribution, viewBox } from './basemap-coverage';
import { MAP_LOCALE_FR } from './locale';
import { type Basemap, useBaseCoverage, useBaseExtent, useMapStyle } from './use-base-data';

export type MapLib = typeof import('maplibre-gl');

export interface MapViewProps {
  /** Without a view, the map opens on the extent of the loaded cadastre (France before any import). */
  center?: [number, number];
  zoom?: number;
  height?: number | string;
  label: string;
  onReady: (map: MapLibreMap, lib: MapLib) => void;
  onMoveEnd?: (map: MapLibreMap) => void;
  /** Our own base even when a style is configured: a printed map fetches nothing from outside (the PDF renderer). */
  offline?: boolean;
}

export function useMapStyleUrl(): string | null {
  const data = useRouteLoaderData('root') as { publicConfig?: PublicConfig } | undefined;
  return data?.publicConfig?.mapStyleUrl ?? null;
}

const DRAWN_LAYERS = [
  ['fond-communes-contour', 'communes'],
  ['fond-sections-contour', 'sections'],
  ['fond-parcelles-contour', 'parcelles'],
  ['fond-voies-noms', 'voies'],
  // The parcels a page outlines itself (the address's, the selected sale's), the radius of the address analysis, the communes of « ma zone »,
  // the sale under the pointer in the transactions table.
  ['parcelles-contour', 'parcelles-choisies'],
  ['rayon-contour', 'rayon'],
  ['ma-zone-communes', 'communes-de-ma-zone'],
  ['vente-survolee', 'vente-survolee'],
] as const;

const FRANCE = { center: [2.35, 46.6] as [number, number], zoom: 5 };

export function MapView({ center, zoom, height = 480, label, onReady, onMoveEnd, offline = false }: MapViewProps) {
  const ref = useRef<HTMLElement>(null);
  const styleUrl = useMapStyleUrl();
  const [loaded, setLoaded] = useState(false);
  const [basemap, setBasemap] = useState<Basemap>();
  const [failed, setFailed] = useState(false);
  // Our own base draws nothing in the view (outside the imported départements).
  const [empty, setEmpty] = useState(false);
  const handlers = useRef({ onReady, onMoveEnd });
  handlers.current = { onReady, onMoveEnd };
  // Set while the page is being left, before the map is removed (a passive effect, after paint): a
  // move that ends in between must not reach the page's handler, which would write its URL and take
  // the user back to the page they just left.
  const detached = useRef(false);
  useLayoutEffect(() => {
    detached.current = false;
    return () => {
      detached.current = true;
    };
  }, []);
  const initial = useRef({ center, zoom, styleUrl: offline ? null : styleUrl });
  const style = useMapStyle(initial.current.styleUrl);
  const chosen = style.data;
  // Without a view, the map is framed on the data it can draw, unless something moved it first
  // (the page framing its own results, the user): at zoom 5 our offline base is an empty grey rectangle.
  const framing = useRef<{ map?: MapLibreMap; moved: boolean }>({ moved: false });
  const extent = useBaseExtent(!initial.current.center);
  const bounds = extent.data?.bounds;
  useEffect(() => {
    const { map, moved } = framing.current;
    if (!loaded || !map || !bounds || moved) return;
    map.fitBounds(bounds, { padding: 20, maxZoom: 15, duration: 0 });
  }, [loaded, bounds]);
  // The attribution names what our base holds in the view, asked after each move.
  const attribution = useRef<MapAttribution>(undefined);
  const [view, setView] = useState<{ bbox: [number, number, number, number]; zoom: number }>();
  const coverage = useBaseCoverage(view?.bbox).data;
  useEffect(() => {
    if (coverage && view) attribution.current?.showBase(coverage, view.zoom);
  }, [coverage, view]);

  useEffect(() => {
    let map: MapLibreMap | undefined;
    let disposed = false;
    if (!chosen) return;
    import('./maplibre.client')
      .then(({ maplibregl }) => {
        const { center: c = FRANCE.center, zoom: z = FRANCE.zoom, styleUrl: url } = initial.current;
        if (disposed || !ref.current) return;
        map = new maplibregl.Map({
          container: ref.current,
          // The cached style stays as the server gave it, whatever the map does with its copy.
          style: structuredClone(chosen.style),
          center: c,
          zoom: z,
          locale: MAP_LOCALE_FR,
          // Ours names exactly what the map draws: the page's layers drawn in the view, the
          // cadastre and the BAN only where the base draws them.
          attributionControl: false,
        });
        map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        attribution.current = followMapAttribution(map, maplibregl, {
          fixed: chosen.basemap === 'externe' && url && isPlanIgn(url) ? [PLAN_IGN_ATTRIBUTION] : [],
          withStreetNames: chosen.basemap === 'hors-ligne',
          onEmpty: (e) => setEmpty(chosen.basemap === 'hors-ligne' && e),
          alive: () => !disposed,
        });
        const track = () => {
          if (!map || disposed) return;
          const bbox = viewBox(map);
          if (bbox[0] < bbox[2] && bbox[1] < bbox[3]) setView({ bbox, zoom: map.getZoom() });
        };
        map.on('moveend', track);
        track();
        map.on('load', () => {
          if (!map) return;
          if (chosen.basemap === 'externe') {
            // A configured style has no cadastre: our parcels and sections go over it.
            map.addSource(BASEMAP_SOURCE, basemapSource(window.location.origin));
            for (const layer of cadastreLayers(false)) if (layer.type !== 'symbol') map.addLayer(layer);
          }
          // Before onReady: a page that frames its own place there wins.
          framing.current = { map, moved: false };
          map.once('movestart', () => {
            framing.current.moved = true;
          });
          handlers.current.onReady(map, maplibregl);
          setBasemap(chosen.basemap);
          setLoaded(true);
        });
        map.on('moveend', () => map && !detached.current && handlers.current.onMoveEnd?.(map));
        // What the basemap shows once drawn (e.g. `parcelles:412 voies:23`) and where (`data-view`:
        // longitude, latitude, zoom), for people checking a
        // map with their tools and for the browser tests, which cannot read the WebGL canvas.
        map.on('idle', () => {
          if (!map || !ref.current) return;
          const layers = DRAWN_LAYERS.filter(([id]) => map?.getLayer(id));
          const counts = new Map<string, number>();
          for (const f of map.queryRenderedFeatures({ layers: layers.map(([id]) => id) })) {
            const name = layers.find(([id]) => id === f.layer.id)?.[1];
            if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
          }
          ref.current.dataset.basemapDrawn = layers.map(([, name]) => `${name}:${counts.get(name) ?? 0}`).join(' ');
          const c = map.getCenter();
          ref.current.dataset.view = `${c.lng.toFixed(5)},${c.lat.toFixed(5)},${map.getZoom().toFixed(2)}`;
        });
      })
      .catch(() => setFailed(true));
    return () => {
      disposed = true;
      map?.remove();
    };
  }, [chosen]);

  const unavailable = failed || style.isError;
  return (
    <div style={{ position: 'relative', width: '100%', height }}>
      <section
        ref={ref}
        aria-label={label}
        data-map-ready={loaded ? 'true' : undefined}
        data-basemap={basemap}
        style={{ position: 'absolute', inset: 0, borderRadius: 8 }}
      />
      {empty && !unavailable ? (
        <p
          role="status"
          data-testid="basemap-empty"
          style={{
            position: 'absolute',
            top: 8,
            left: 8,
            margin: 0,
            padding: '4px 8px',
            borderRadius: 4,
            background: 'rgba(255, 255, 255, 0.9)',
            fontSize: 13,
            pointerEvents: 'none',
          }}
        >
          {EMPTY_BASEMAP_NOTICE}
        </p>
      ) : null}
      {unavailable && (
        <p role="alert">{`La carte n’a pas pu se charger (WebGL indisponible${NBSP}?). Les ventes restent listées dans le tableau.`}</p>
      )}
    </div>
  );
}
