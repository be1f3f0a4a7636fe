import { describe, expect, it } from 'vitest';
import { distanceToGeometryM, pointInGeometry } from './polygon.js';

const square = (x: number, y: number, size: number) => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

describe('point in polygon', () => {
  it('finds a point inside a polygon and outside its hole', () => {
    const withHole = { type: 'Polygon' as const, coordinates: [square(0, 0, 10), square(4, 4, 2)] };
    expect(pointInGeometry(1, 1, withHole)).toBe(true);
    expect(pointInGeometry(5, 5, withHole)).toBe(false);
    expect(pointInGeometry(11, 5, withHole)).toBe(false);
  });

  it('handles multipolygons', () => {
    const multi = { type: 'MultiPolygon' as const, coordinates: [[square(0, 0, 1)], [square(5, 5, 1)]] };
    expect(pointInGeometry(5.5, 5.5, multi)).toBe(true);
    expect(pointInGeometry(3, 3, multi)).toBe(false);
  });

  it('measures the distance from a point outside to the nearest edge', () => {
    const unit = { type: 'Polygon' as const, coordinates: [square(0, 0, 0.001)] };
    expect(distanceToGeometryM(0.0005, 0.0005, unit)).toBe(0);
    // 0.0001° of latitude north of the top edge, at the equator: 11.12 m.
    expect(distanceToGeometryM(0.0005, 0.0011, unit)).toBeCloseTo(11.12, 1);
  });
});
