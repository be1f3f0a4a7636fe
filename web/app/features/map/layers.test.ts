// @vitest-environment node
import { type FilterSpecification, featureFilter, validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { ADDRESSES_CREDIT, attributionLine, CADASTRE_CREDIT, creditsOf, SALES_CREDIT } from './attributions';
import { BASEMAP_SOURCE } from './basemap';
import {
  analysedPointLayers,
  baseStyle,
  boundsOf,
  PLACED_BY_BAN,
  parcelLayers,
  salesLayers,
  salesSource,
  salesTileSource,
  searchTileSource,
  sectionChoroplethLayer,
} from './layers';

describe('map layers', () => {
  it('clusters sales instead of drawing one node per sale', () => {
    expect(salesSource({ type: 'FeatureCollection', features: [] })).toMatchObject({ type: 'geojson', cluster: true });
    const layers = salesLayers();
    expect(layers.map((l) => l.id)).toEqual(['ventes-groupes', 'ventes-points']);
    expect(salesLayers('ventes', true).map((l) => l.id)).toContain('ventes-groupes-nombre');
  });

  it('falls back to our own background without a configured basemap', () => {
    expect(baseStyle('https://exemple.fr/style.json')).toBe('https://exemple.fr/style.json');
    expect(baseStyle(null)).toMatchObject({ version: 8, layers: [{ id: 'fond', type: 'background' }] });
    const offline = baseStyle(null, 'http://localhost:3000', '/assets/noto.woff2');
    expect(offline).toMatchObject({ version: 8, 'font-faces': { 'Noto Sans Regular': '/assets/noto.woff2' } });
    expect(JSON.stringify(offline)).toContain('http://localhost:3000/api/tiles/base/{z}/{x}/{y}.pbf');
  });

  it('takes a search’s markers from its vector tiles, with its query', () => {
    expect(searchTileSource('http://localhost:3000', 'dpe', 'insee=93010&classes=F,G')).toEqual({
      type: 'vector',
      tiles: ['http://localhost:3000/api/tiles/dpe/{z}/{x}/{y}.pbf?insee=93010&classes=F,G'],
      minzoom: 0,
      maxzoom: 16,
    });
  });

  it('credits each layer for what it draws, and no source for what it holds', () => {
    // The sales name the DGFiP's DVF only: the cadastre is credited where parcels or sections are drawn.
    for (const l of salesLayers('ventes', true)) expect(creditsOf(l), String(l.id)).toEqual([SALES_CREDIT]);
    for (const l of parcelLayers()) expect(creditsOf(l), l.id).toEqual([CADASTRE_CREDIT]);
    // The analysed point: the BAN only when it placed the point, nothing for a point clicked.
    const drawing = (properties: Record<string, unknown>) =>
      analysedPointLayers()
        .filter((l) => featureFilter(l.filter as FilterSpecification, 'filter').filter({ zoom: 16 }, { type: 1, properties }))
        .map((l) => [l.id, creditsOf(l as { metadata?: unknown })]);
    expect(drawing({ [PLACED_BY_BAN]: true })).toEqual([['adresse-point', [ADDRESSES_CREDIT]]]);
    expect(drawing({ [PLACED_BY_BAN]: false })).toEqual([['point-analyse', []]]);
    expect(drawing({})).toEqual([['point-analyse', []]]);
    // MapLibre drops a layer it finds invalid, with a log only: the point would vanish.
    const style = {
      version: 8,
      sources: { adresse: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } } },
      layers: analysedPointLayers(),
    };
    expect(validateStyleMin(style as never)).toEqual([]);
    // The choropleth colours our base's section outlines (credited with the base) by the sales' medians.
    expect(creditsOf(sectionChoroplethLayer(BASEMAP_SOURCE))).toEqual([SALES_CREDIT]);
    // A source credited by MapLibre would be named as soon as its layer exists, drawn or not.
    expect(salesSource({ type: 'FeatureCollection', features: [] })).not.toHaveProperty('attribution');
    expect(salesTileSource('http://localhost:3000', 'insee=93010')).not.toHaveProperty('attribution');
    expect(creditsOf({ metadata: { autre: 'chose' } })).toEqual([]);
  });

  it('says each credit once, then the licence, and nothing for a map that draws nothing of ours', () => {
    expect(attributionLine([SALES_CREDIT, CADASTRE_CREDIT, SALES_CREDIT])).toBe(
      'Ventes\u00a0: DVF (DGFiP, Etalab) · Cadastre\u00a0: DGFiP, Etalab · Licence Ouverte 2.0',
    );
    expect(attributionLine([])).toBeNull();
  });

  it('frames points', () => {
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([[2, 48]], 0.5)).toEqual([1.5, 47.5, 2.5, 48.5]);
  });
});
