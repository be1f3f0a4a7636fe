/** The comparables map numbers its markers as the table's rows, one marker per place. */
import type { ComparableDto } from '@immoloupe/shared/market/estimate-contracts';
import { describe, expect, it } from 'vitest';
import { comparablesGeo, NUMBER_PROPERTY } from './comparables-map';

const sale = (id: string, lon: number, lat: number, pricePerM2: number) => ({ id, lon, lat, pricePerM2 }) as ComparableDto;

describe('comparablesGeo', () => {
  it('numbers each sale by its row, and lists the numbers of the sales at one address on one marker', () => {
    const geo = comparablesGeo([
      sale('a', -1.7725, 43.3588, 4216),
      sale('b', -1.77, 43.36, 3555),
      sale('c', -1.7725, 43.3588, 4444),
      sale('d', -1.7725, 43.3588, 4778),
    ]);
    expect(geo.features.map((f) => [f.properties?.[NUMBER_PROPERTY], f.properties?.count, f.properties?.ppm2])).toEqual([
      ['1, 3, 4', 3, 4216],
      ['2', 1, 3555],
    ]);
    expect(geo.features[1]?.geometry.coordinates).toEqual([-1.77, 43.36]);
  });
});
