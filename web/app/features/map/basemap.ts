/**
 * The basemap of every map (issue 11): the configured MapLibre style when it answers, else a base
 * drawn from our own data — commune and section outlines, parcels from zoom 14 and BAN street
 * names, served by our API as vector tiles — so that a map stays readable with no internet.
 * Labels are drawn by MapLibre from a font file we serve (`font-faces`), never from a CDN.
 */
import type { BaseCoverage } from '@immoloupe/shared/map/contracts';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { CADASTRE_CREDIT, STREET_NAMES_CREDIT } from './attributions';

export const BASEMAP_SOURCE = 'fond-cadastre';
export const BASEMAP_FONT = 'Noto Sans Regular';
/** Shown over our base where it has nothing to draw, instead of a silent grey. */
export const EMPTY_BASEMAP_NOTICE = 'Aucun fond de carte hors des départements importés';
/** From this zoom our tiles carry parcels and street names (server/src/features/tiles/base.ts). */
export const PARCELS_MIN_ZOOM = 14;
/** Our tiles stop at this zoom; MapLibre enlarges them beyond (parcels are exact there). */
export const BASEMAP_MAX_ZOOM = 16;
/** How long the configured style may take to answer before the map uses our own base. */
export const STYLE_TIMEOUT_MS = 4000;

export function basemapSource(origin: string) {
  return {
    type: 'vector' as const,
    tiles: [`${origin}/api/tiles/base/{z}/{x}/{y}.pbf`],
    minzoom: 0,
    maxzoom: BASEMAP_MAX_ZOOM,
    // No fixed attribution: the map names each source where the view holds it (map-view.tsx).
    // Ids let a page colour sections or parcels by feature state (the market choropleth).
    promoteId: { sections: 'code', parcelles: 'id' },
  };
}

const label = (size: number, color: string) => ({
  layout: { 'text-field': ['get', 'nom'], 'text-font': [BASEMAP_FONT], 'text-size': size },
  paint: { 'text-color': color, 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
});

/** The outlines our own base draws (from zoom 14, 12, and up to 12), named by the legend of a map without layers of its own. */
export const BASEMAP_OUTLINES = { parcelle: '#8f8a80', section: '#748ffc', commune: '#7048e8' } as const;

/** Outlines and parcels, drawn on our background or over a configured style (which has no cadastre). */
export function cadastreLayers(withFills: boolean): LayerSpecification[] {
  const src = { source: BASEMAP_SOURCE };
  const layers: Record<string, unknown>[] = [];
  if (withFills) {
    layers.push(
      { id: 'fond-communes-aplat', type: 'fill', ...src, 'source-layer': 'communes', paint: { 'fill-color': '#fbfaf7' } },
      {
        id: 'fond-parcelles-aplat',
        type: 'fill',
        ...src,
        'source-layer': 'parcelles',
        minzoom: PARCELS_MIN_ZOOM,
        paint: { 'fill-color': '#ffffff', 'fill-opacity': 0.7 },
      },
    );
  }
  layers.push(
    {
      id: 'fond-parcelles-contour',
      type: 'line',
      ...src,
      'source-layer': 'parcelles',
      minzoom: PARCELS_MIN_ZOOM,
      paint: { 'line-color': BASEMAP_OUTLINES.parcelle, 'line-width': ['interpolate', ['linear'], ['zoom'], 14, 0.3, 18, 1.2] },
    },
    {
      id: 'fond-sections-contour',
      type: 'line',
      ...src,
      'source-layer': 'sections',
      minzoom: 12,
      paint: { 'line-color': BASEMAP_OUTLINES.section, 'line-width': ['interpolate', ['linear'], ['zoom'], 12, 0.5, 17, 1.5] },
    },
    {
      id: 'fond-communes-contour',
      type: 'line',
      ...src,
      'source-layer': 'communes',
      // Made of blocks (parcels leave the streets out): only readable as a boundary from afar;
      // closer, the section outlines (from zoom 12) take over.
      maxzoom: 12,
      paint: { 'line-color': BASEMAP_OUTLINES.commune, 'line-width': 2, 'line-dasharray': [3, 2] },
    },
    { id: 'fond-voies-noms', type: 'symbol', ...src, 'source-layer': 'voies', minzoom: PARCELS_MIN_ZOOM, ...label(12, '#343a40') },
    {
      id: 'fond-parcelles-numeros',
      type: 'symbol',
      ...src,
      'source-layer': 'parcelles',
      minzoom: 18,
      ...label(10, '#868e96'),
      layout: { 'text-field': ['get', 'numero'], 'text-font': [BASEMAP_FONT], 'text-size': 10 },
    },
    {
      id: 'fond-sections-noms',
      type: 'symbol',
      ...src,
      'source-layer': 'sections_noms',
      minzoom: 13,
      maxzoom: 17,
      ...label(13, '#3b5bdb'),
    },
    { id: 'fond-communes-noms', type: 'symbol', ...src, 'source-layer': 'communes_noms', maxzoom: 14, ...label(15, '#5f3dc4') },
  );
  return layers as unknown as LayerSpecification[];
}

/** The whole offline style: a paper background and our layers (the `fond` background id is kept). */
export function offlineStyle(origin: string, fontUrl: string): StyleSpecification {
  return {
    version: 8,
    'font-faces': { [BASEMAP_FONT]: fontUrl },
    sources: { [BASEMAP_SOURCE]: basemapSource(origin) },
    layers: [{ id: 'fond', type: 'background', paint: { 'background-color': '#eceae4' } }, ...cadastreLayers(true)],
  } as StyleSpecification;
}

/**
 * The sources our base draws from in a view, given what the server holds there
 * (`/api/tiles/base/coverage`): the cadastre (communes, sections, parcels) wherever it is
 * imported, the BAN's street names only from PARCELS_MIN_ZOOM and when our labels are drawn (not
 * over a configured style, which has its own).
 */
export function basemapSources(coverage: BaseCoverage, zoom: number, withStreetNames: boolean): ('cadastre' | 'ban')[] {
  const sources: ('cadastre' | 'ban')[] = [];
  if (coverage.cadastre) sources.push('cadastre');
  if (coverage.ban && withStreetNames && zoom >= PARCELS_MIN_ZOOM) sources.push('ban');
  return sources;
}

/** The credits of our base in a view (attributions.ts), named only where it draws from them. */
export function basemapCredits(coverage: BaseCoverage, zoom: number, withStreetNames: boolean): string[] {
  return basemapSources(coverage, zoom, withStreetNames).map((s) => (s === 'cadastre' ? CADASTRE_CREDIT : STREET_NAMES_CREDIT));
}

/** Is this the Géoplateforme's Plan IGN style (whose attribution we add)? */
export function isPlanIgn(url: string): boolean {
  return /geopf\.fr\/.*PLAN\.IGN/i.test(url);
}

/**
 * The configured style, fetched once with a time limit: the style object when it answers, null
 * when it does not (offline machine, blocked host), which means our own base.
 */
export async function fetchStyle(url: string, fetchImpl: typeof fetch = fetch): Promise<StyleSpecification | null> {
  try {
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(STYLE_TIMEOUT_MS) });
    if (!res.ok) return null;
    const style = (await res.json()) as StyleSpecification;
    return style && style.version === 8 && typeof style.sources === 'object' ? style : null;
  } catch {
    return null;
  }
}
