// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { boundsOfParcels, parcelFeatures, parcelQuery } from './parcel-search.logic';

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [2, 48],
      [2.1, 48],
      [2.1, 48.1],
      [2, 48],
    ],
  ],
};

describe('parcel search helpers', () => {
  it('adds the prospecting filters that are set', () => {
    const base = { commune: '75118', section: '', numero: '', surfaceMin: '', surfaceMax: '', anciennes: false };
    expect(
      parcelQuery({ ...base, ownerGroup: 'sci', owner: ' ENEDIS ', legalForm: '', noSaleYears: '10', soldSince: null, built: 'non' }),
    ).toBe('commune=75118&limit=100&offset=0&ownerGroup=sci&owner=ENEDIS&noSaleYears=10&built=non');
  });

  it('builds the query of a search, empty filters left out', () => {
    expect(parcelQuery({ commune: ' Bondy ', section: 'as', numero: '167', surfaceMin: '100,5', surfaceMax: '', anciennes: false })).toBe(
      'commune=Bondy&limit=100&offset=0&section=as&numero=167&surfaceMin=100.5',
    );
    expect(parcelQuery({ commune: '93010', section: '', numero: '', surfaceMin: '', surfaceMax: '', anciennes: true }, 200)).toBe(
      'commune=93010&limit=100&offset=200&anciennes=1',
    );
  });

  it('gives the outlines and their box', () => {
    const parcels = [
      {
        id: 'a',
        codeCommune: '93010',
        prefixe: '000',
        section: 'AS',
        numero: '1',
        contenance: 1,
        current: true,
        centroid: { lon: 2, lat: 48 },
        bbox: [2, 48, 2.1, 48.1] as [number, number, number, number],
        geometry: square,
      },
      {
        id: 'b',
        codeCommune: '93010',
        prefixe: '000',
        section: 'AS',
        numero: '2',
        contenance: 1,
        current: false,
        centroid: { lon: 3, lat: 49 },
        bbox: [3, 49, 3.1, 49.2] as [number, number, number, number],
        geometry: square,
      },
    ];
    const fc = parcelFeatures(parcels, 'b');
    expect(fc.features.map((f) => f.properties)).toEqual([
      { id: 'a', label: 'AS 1', selected: false, current: true },
      { id: 'b', label: 'AS 2', selected: true, current: false },
    ]);
    expect(boundsOfParcels(parcels)).toEqual([2, 48, 3.1, 49.2]);
    expect(boundsOfParcels([])).toBeNull();
  });
});
