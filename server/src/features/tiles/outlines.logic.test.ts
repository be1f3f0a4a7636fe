import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SAMPLES } from '../../importers/test-samples.js';
import { type Area, type Outline, outlineOf, turfUnion } from './outlines.logic.js';

/** Area in square degrees (shoelace), enough to compare two outlines of the same place. */
function areaOf(o: Outline): number {
  const polygons = o.geometry.type === 'Polygon' ? [o.geometry.coordinates] : o.geometry.coordinates;
  let total = 0;
  for (const [ring = []] of polygons)
    for (let i = 0; i + 1 < ring.length; i++) {
      const [x0 = 0, y0 = 0] = ring[i] ?? [];
      const [x1 = 0, y1 = 0] = ring[i + 1] ?? [];
      total += (x0 * y1 - x1 * y0) / 2;
    }
  return Math.abs(total);
}

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

  it('draws every section of Bondy as @turf/union does (same parts, area within 0,05 %)', () => {
    const { features } = JSON.parse(gunzipSync(readFileSync(SAMPLES.cadastreBondy(2025))).toString('utf8')) as {
      features: { geometry: Area; properties: { prefixe: string; section: string } }[];
    };
    const bySection = new Map<string, Area[]>();
    for (const f of features) {
      const key = `${f.properties.prefixe}${f.properties.section}`;
      bySection.set(key, [...(bySection.get(key) ?? []), f.geometry]);
    }
    expect(bySection.size).toBeGreaterThan(30);
    for (const [section, areas] of bySection) {
      const fast = outlineOf(areas);
      const exact = outlineOf(areas, turfUnion);
      if (!fast || !exact) throw new Error(`section ${section}: no outline`);
      const parts = (o: Outline) => (o.geometry.type === 'Polygon' ? 1 : o.geometry.coordinates.length);
      expect(parts(fast), section).toBe(parts(exact));
      expect(Math.abs(areaOf(fast) - areaOf(exact)) / areaOf(exact), section).toBeLessThan(5e-4);
    }
  });
});
