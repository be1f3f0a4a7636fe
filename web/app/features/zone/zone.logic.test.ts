// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { clusterLayers, drawingFeatures, ringOf, zoneChoiceFromUrl, zoneChoiceParams } from './zone.logic';

describe('zone choice', () => {
  it('gives the query parameters, or says what is missing', () => {
    expect(zoneChoiceParams({ mode: 'mine', text: '' })).toEqual({ zone: 'mine' });
    expect(zoneChoiceParams({ mode: 'insee', text: '69387, 69383' })).toEqual({ insee: '69387,69383' });
    expect(zoneChoiceParams({ mode: 'postcode', text: '69007' })).toEqual({ postcode: '69007' });
    expect(zoneChoiceParams({ mode: 'insee', text: ' ' })).toBe('Choisissez au moins une commune.');
  });
  it('reads the page URL', () => {
    expect(zoneChoiceFromUrl(new URLSearchParams('insee=93010'))).toEqual({ mode: 'insee', text: '93010' });
    expect(zoneChoiceFromUrl(new URLSearchParams(''))).toEqual({ mode: 'mine', text: '' });
  });
});

describe('drawing', () => {
  it('closes the ring from 3 points', () => {
    expect(ringOf([[2, 48]])).toBeNull();
    expect(
      ringOf([
        [2, 48],
        [2.1, 48],
        [2.1, 48.1],
      ])?.coordinates[0],
    ).toEqual([
      [2, 48],
      [2.1, 48],
      [2.1, 48.1],
      [2, 48],
    ]);
    expect(
      drawingFeatures([
        [2, 48],
        [2.1, 48],
      ]).features.map((f) => (f.geometry as { type: string }).type),
    ).toEqual(['Point', 'Point', 'LineString']);
  });
  it('labels only the markers grouping several rows', () => {
    expect(clusterLayers('dpe')[1]?.filter).toEqual(['>', ['get', 'count'], 1]);
    expect(clusterLayers('carte-dpe', 'dpe').every((l) => l['source-layer'] === 'dpe')).toBe(true);
  });
});
