import { describe, expect, it } from 'vitest';
import { bboxOf, centroidOf, containsPoint, parcelFromFeature } from './cadastre.logic.js';

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [2, 48],
      [2.002, 48],
      [2.002, 48.001],
      [2, 48.001],
      [2, 48],
    ],
  ] as [number, number][][],
};

describe('parcel geometry', () => {
  it('computes the area-weighted centroid and bbox of a polygon, with holes and either orientation', () => {
    expect(centroidOf(square).lon).toBeCloseTo(2.001, 9);
    expect(centroidOf(square).lat).toBeCloseTo(48.0005, 9);
    const reversed = { ...square, coordinates: [[...(square.coordinates[0] ?? [])].reverse()] };
    expect(centroidOf(reversed).lon).toBeCloseTo(2.001, 9);
    // An L-shaped multipolygon: two unit squares side by side → centroid in the middle.
    const multi = {
      type: 'MultiPolygon' as const,
      coordinates: [
        [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
            [0, 0],
          ],
        ],
        [
          [
            [1, 0],
            [3, 0],
            [3, 1],
            [1, 1],
            [1, 0],
          ],
        ],
      ] as [number, number][][][],
    };
    expect(centroidOf(multi).lon).toBeCloseTo(1.5, 9);
    const withHole = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [0, 0],
          [4, 0],
          [4, 4],
          [0, 4],
          [0, 0],
        ],
        [
          [2, 0.5],
          [3.5, 0.5],
          [3.5, 3.5],
          [2, 3.5],
          [2, 0.5],
        ],
      ] as [number, number][][],
    };
    expect(centroidOf(withHole).lon).toBeLessThan(2);
    expect(bboxOf(square)).toEqual({ west: 2, south: 48, east: 2.002, north: 48.001 });
    expect(containsPoint(withHole, 1, 1)).toBe(true);
    expect(containsPoint(withHole, 3, 2)).toBe(false);
    expect(containsPoint(withHole, 5, 2)).toBe(false);
  });

  it('reads an Etalab feature and rejects a bad one with a French reason', () => {
    const ok = parcelFromFeature({
      type: 'Feature',
      id: '93010000AS0167',
      geometry: square,
      properties: {
        id: '93010000AS0167',
        commune: '93010',
        prefixe: '000',
        section: 'AS',
        numero: '167',
        contenance: 412,
        created: '2007-09-14',
        updated: '2023-01-13',
      },
    });
    expect(ok).toMatchObject({
      id: '93010000AS0167',
      codeCommune: '93010',
      codeSection: '93010000AS',
      section: 'AS',
      numero: '167',
      contenance: 412,
    });
    expect(parcelFromFeature({ type: 'Feature', properties: { id: '123' }, geometry: square })).toMatch(/identifiant de parcelle invalide/);
    expect(parcelFromFeature({ type: 'Feature', properties: { id: '93010000AS0167' }, geometry: null })).toBe('géométrie absente');
    expect(parcelFromFeature({ type: 'Feature', properties: { id: '93010000AS0167', commune: '93011' }, geometry: square })).toMatch(
      /commune/,
    );
    expect(parcelFromFeature({ type: 'Feature', properties: { id: '93010000AS0167', contenance: 'x' }, geometry: square })).toMatch(
      /contenance invalide/,
    );
  });
});
