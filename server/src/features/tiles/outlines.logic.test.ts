import { describe, expect, it } from 'vitest';
import { outlineOf } from './outlines.logic.js';

const square = (x: number, y: number, s = 1) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [x, y],
      [x + s, y],
      [x + s, y + s],
      [x, y + s],
      [x, y],
    ],
  ],
});

describe('outlineOf', () => {
  it('merges touching parcels into one polygon', () => {
    const o = outlineOf([square(0, 0), square(1, 0)]);
    expect(o?.geometry.type).toBe('Polygon');
    expect(o?.bbox).toEqual({ west: 0, south: 0, east: 2, north: 1 });
  });

  it('keeps blocks separated by a street as parts of one multipolygon', () => {
    const o = outlineOf([square(0, 0), square(3, 0)]);
    expect(o?.geometry.type).toBe('MultiPolygon');
    expect(o?.geometry.coordinates).toHaveLength(2);
  });

  it('fills the courtyard left between parcels around it', () => {
    // Eight unit squares around an empty centre: the union has a hole, the outline must not.
    const ring = [0, 1, 2].flatMap((x) => [0, 1, 2].filter((y) => !(x === 1 && y === 1)).map((y) => square(x, y)));
    const o = outlineOf(ring);
    expect(o?.geometry.type).toBe('Polygon');
    expect(o?.geometry.coordinates).toHaveLength(1);
  });

  it('gives nothing for no parcel', () => {
    expect(outlineOf([])).toBeNull();
  });
});
