// @vitest-environment node
/**
 * The 3D layers checked with MapLibre's own style validator: MapLibre does not throw on a bad paint
 * value, it logs and drops the layer, which left the 3D map showing only the flat basemap.
 */

import type { Map3dResponse } from '@immoloupe/shared/map3d/contracts';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { CADASTRE_CREDIT, creditsOf, DPE_CREDIT, SALES_CREDIT } from '~/features/map/attributions';
import {
  DPE_LAYER,
  dpeGeoJson,
  OUTLIER_SALE_COLOUR,
  SALE_COLOUR,
  SALES_LAYER,
  salePopupLines,
  salesGeoJson,
  sectionsLayer,
  stepsOf,
} from './layers3d';

const empty = { type: 'FeatureCollection', features: [] };

function errorsOf(layers: object[]) {
  return validateStyleMin({
    version: 8,
    sources: {
      'sections-3d': { type: 'geojson', data: empty },
      'ventes-3d': { type: 'geojson', data: empty },
      'dpe-3d': { type: 'geojson', data: empty },
    },
    layers,
  } as never).map((e) => e.message);
}

const section = (median: number | null) => ({
  type: 'Feature',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [2.47, 48.9],
        [2.48, 48.9],
        [2.48, 48.91],
        [2.47, 48.9],
      ],
    ],
  },
  properties: { code: '930100000A', section: '000A', sales: 5, median },
});

const data = {
  sections: { type: 'FeatureCollection', features: [section(2400), section(3100), section(null), section(3900)] },
  sales: [
    { lon: 2.47, lat: 48.9, price: 250_000, pricePerM2: 4_000, date: '2022-05-12', outlier: false },
    { lon: 2.48, lat: 48.9, price: 30_000, pricePerM2: 450, date: '2022-06-01', outlier: true },
  ],
  dpe: [{ lon: 2.47, lat: 48.9, label: 'D' }],
} as unknown as Map3dResponse;

describe('3D map layers', () => {
  it('are valid MapLibre layers, with or without priced sections', () => {
    expect(errorsOf([sectionsLayer(stepsOf(data)), SALES_LAYER, DPE_LAYER])).toEqual([]);
    expect(errorsOf([sectionsLayer([])])).toEqual([]);
  });

  it('credit each what it draws: the sections the cadastre and the sales, the columns the sales, the points the DPE', () => {
    expect(creditsOf(sectionsLayer(stepsOf(data)))).toEqual([CADASTRE_CREDIT, SALES_CREDIT]);
    expect(creditsOf(SALES_LAYER)).toEqual([SALES_CREDIT]);
    expect(creditsOf(DPE_LAYER)).toEqual([DPE_CREDIT]);
  });

  it('raise sections by a numeric median and colour them by steps of the medians', () => {
    const layer = sectionsLayer(stepsOf(data));
    expect(layer.paint['fill-extrusion-height']).toEqual(['*', ['coalesce', ['get', 'median'], 0], 0.1]);
    expect(stepsOf(data)).toEqual([2600, 2800, 3000, 3200, 3400]);
    expect(layer.paint['fill-extrusion-color']).toEqual(expect.arrayContaining(['step', 2600, 3400]));
  });

  it('turns sales into columns and DPE into points', () => {
    expect(salesGeoJson(data).features[0]?.properties).toEqual({ price: 250_000, pricePerM2: 4_000, date: '2022-05-12', outlier: false });
    expect(salesGeoJson(data).features[0]?.geometry.type).toBe('Polygon');
    expect(dpeGeoJson(data).features[0]).toMatchObject({
      geometry: { type: 'Point', coordinates: [2.47, 48.9] },
      properties: { label: 'D' },
    });
  });

  it('draws the sales outside the plausibility bounds apart, and says so in their popup', () => {
    expect(SALES_LAYER.paint['fill-extrusion-color']).toEqual(['case', ['==', ['get', 'outlier'], true], OUTLIER_SALE_COLOUR, SALE_COLOUR]);
    expect(OUTLIER_SALE_COLOUR).not.toBe(SALE_COLOUR);
    const [kept, outlier] = salesGeoJson(data).features.map((f) => f.properties);
    expect(salePopupLines(kept as never)).toEqual(['Vente du 12/05/2022', '250\u202f000\u00a0€, 4\u202f000\u00a0€/m²']);
    expect(salePopupLines(outlier as never)).toEqual([
      'Vente du 01/06/2022',
      '30\u202f000\u00a0€, 450\u00a0€/m²',
      'hors bornes\u00a0: écartée des prix médians',
    ]);
  });
});
