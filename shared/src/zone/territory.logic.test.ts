import { describe, expect, it } from 'vitest';
import type { PolygonGeometry } from '../market/polygon.js';
import { MAX_ZONE_VERTICES } from './contracts.js';
import { geometryBbox, inFrance, validateZoneGeometry, vertexCount } from './territory.logic.js';

const square = (w: number, s: number, size: number): PolygonGeometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [w + size, s],
      [w + size, s + size],
      [w, s + size],
      [w, s],
    ],
  ],
});

/** A closed ring of n vertices on a circle around Paris 18e. */
function circle(n: number): PolygonGeometry {
  const ring = Array.from({ length: n }, (_, i) => [
    2.35 + 0.01 * Math.cos((2 * Math.PI * i) / n),
    48.89 + 0.01 * Math.sin((2 * Math.PI * i) / n),
  ]);
  ring.push([...(ring[0] as number[])]);
  return { type: 'Polygon', coordinates: [ring] };
}

describe('validateZoneGeometry', () => {
  it('accepts a closed square in Paris, and a multipolygon with a hole', () => {
    expect(validateZoneGeometry(square(2.33, 48.88, 0.02))).toEqual([]);
    const outer = square(2.3, 48.85, 0.1).coordinates[0] as number[][];
    const hole = (square(2.33, 48.88, 0.02).coordinates[0] as number[][]).slice().reverse();
    expect(
      validateZoneGeometry({ type: 'MultiPolygon', coordinates: [[outer, hole], [square(5.3, 43.2, 0.1).coordinates[0] as number[][]]] }),
    ).toEqual([]);
  });

  it('refuses an open ring', () => {
    const g = square(2.33, 48.88, 0.02);
    const ring = g.coordinates[0] as number[][];
    ring.pop();
    ring.push([2.331, 48.881]);
    expect(validateZoneGeometry(g)).toEqual(['Contour non fermé : la dernière position doit répéter la première.']);
  });

  it('refuses a ring of fewer than 3 vertices', () => {
    const g: PolygonGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [2.3, 48.8],
          [2.4, 48.8],
          [2.3, 48.8],
        ],
      ],
    };
    expect(validateZoneGeometry(g)).toContain('Un contour a au moins 3 sommets.');
  });

  it(`accepts ${MAX_ZONE_VERTICES} vertices and refuses one more`, () => {
    expect(vertexCount(circle(MAX_ZONE_VERTICES))).toBe(MAX_ZONE_VERTICES);
    expect(validateZoneGeometry(circle(MAX_ZONE_VERTICES))).toEqual([]);
    expect(validateZoneGeometry(circle(MAX_ZONE_VERTICES + 1))).toEqual([
      `Zone trop détaillée : ${MAX_ZONE_VERTICES + 1} sommets, ${MAX_ZONE_VERTICES} au plus. Simplifiez le tracé.`,
    ]);
  });

  it('refuses a zone outside France, accepts overseas départements', () => {
    expect(validateZoneGeometry(square(13.3, 52.5, 0.1))).toEqual([
      'La zone doit être en France (métropole, Corse ou départements d’outre-mer).',
    ]);
    expect(validateZoneGeometry(square(55.4, -21.0, 0.1))).toEqual([]);
    expect(inFrance(2.35, 48.85)).toBe(true);
    expect(inFrance(-0.12, 51.5)).toBe(false);
  });

  it('refuses a bow-tie (self-intersecting) outline', () => {
    const g: PolygonGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [2.3, 48.8],
          [2.4, 48.9],
          [2.4, 48.8],
          [2.3, 48.9],
          [2.3, 48.8],
        ],
      ],
    };
    expect(validateZoneGeometry(g)).toEqual(['Le contour se recoupe : dessinez une zone dont les bords ne se croisent pas.']);
  });

  it('gives the bounding box', () => {
    const [w, s, e, n] = geometryBbox(square(2.33, 48.88, 0.02));
    expect([w, s, e]).toEqual([2.33, 48.88, 2.35]);
    expect(n).toBeCloseTo(48.9, 10);
  });
});
