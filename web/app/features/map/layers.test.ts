import { describe, expect, it } from 'vitest';
import { baseStyle, boundsOf, salesLayers, salesSource, searchTileSource } from './layers';

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
    expect(searchTileSource('http://localhost:3000', 'dpe', 'insee=93010&classes=F,G', 'DPE')).toEqual({
      type: 'vector',
      tiles: ['http://localhost:3000/api/tiles/dpe/{z}/{x}/{y}.pbf?insee=93010&classes=F,G'],
      minzoom: 0,
      maxzoom: 16,
      attribution: 'DPE',
    });
  });

  it('frames points', () => {
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([[2, 48]], 0.5)).toEqual([1.5, 47.5, 2.5, 48.5]);
  });
});
