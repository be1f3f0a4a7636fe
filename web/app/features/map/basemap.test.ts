// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CADASTRE_CREDIT, STREET_NAMES_CREDIT } from './attributions';
import { BASEMAP_SOURCE, basemapCredits, basemapSource, cadastreLayers, fetchStyle, isPlanIgn, offlineStyle } from './basemap';

const answer = (body: unknown, status = 200) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('basemap', () => {
  it('uses the configured style only when it answers with a MapLibre style', async () => {
    const style = { version: 8, sources: {}, layers: [] };
    expect(await fetchStyle('https://exemple.fr/style.json', answer(style))).toEqual(style);
    expect(await fetchStyle('https://exemple.fr/style.json', answer(style, 503))).toBeNull();
    expect(await fetchStyle('https://exemple.fr/style.json', answer({ message: 'non' }))).toBeNull();
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await fetchStyle('https://exemple.fr/style.json', offline)).toBeNull();
  });

  it('draws communes, sections, parcels from zoom 14 and street names from our tiles', () => {
    const style = offlineStyle('https://immoloupe.fr', 'https://immoloupe.fr/assets/noto.woff2');
    expect(style.sources[BASEMAP_SOURCE]).toMatchObject({ type: 'vector', tiles: ['https://immoloupe.fr/api/tiles/base/{z}/{x}/{y}.pbf'] });
    const byId = Object.fromEntries(style.layers.map((l) => [l.id, l as { 'source-layer'?: string; minzoom?: number }]));
    expect(byId['fond-parcelles-contour']).toMatchObject({ 'source-layer': 'parcelles', minzoom: 14 });
    expect(byId['fond-voies-noms']).toMatchObject({ 'source-layer': 'voies', minzoom: 14 });
    expect(byId['fond-sections-contour']).toMatchObject({ 'source-layer': 'sections' });
    expect(byId['fond-communes-contour']).toMatchObject({ 'source-layer': 'communes' });
    // Over a configured style: no paper fills that would hide its streets.
    expect(cadastreLayers(false).some((l) => l.type === 'fill')).toBe(false);
  });

  it('recognises the Plan IGN style, whose attribution we add', () => {
    expect(isPlanIgn('https://data.geopf.fr/annexes/ressources/vectorTiles/styles/PLAN.IGN/standard.json')).toBe(true);
    expect(isPlanIgn('https://tiles.exemple.fr/style.json')).toBe(false);
  });

  it('names each source only where it draws: no cadastre imported, no cadastre named', () => {
    expect(basemapSource('https://immoloupe.fr')).not.toHaveProperty('attribution');
    const both = { cadastre: true, ban: true };
    expect(basemapCredits(both, 15, true)).toEqual([CADASTRE_CREDIT, STREET_NAMES_CREDIT]);
    // Street names are drawn from zoom 14, and never over a configured style.
    expect(basemapCredits(both, 13, true)).toEqual([CADASTRE_CREDIT]);
    expect(basemapCredits(both, 15, false)).toEqual([CADASTRE_CREDIT]);
    expect(basemapCredits({ cadastre: false, ban: true }, 15, true)).toEqual([STREET_NAMES_CREDIT]);
    expect(basemapCredits({ cadastre: false, ban: true }, 12, true)).toEqual([]);
    expect(basemapCredits({ cadastre: false, ban: false }, 15, true)).toEqual([]);
  });
});
