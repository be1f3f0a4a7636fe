/**
 * MapLibre, loaded only by the pages that show a map (a dynamic import of this module), with its
 * worker bundled by Vite (MapLibre GL 6 needs its worker URL set explicitly) and its CSS.
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

maplibregl.setWorkerUrl(workerUrl);

export { maplibregl };
