/**
 * Section and commune outlines from parcels (issue 11): the union of the parcels, with the holes
 * filled. Parcels do not cover the public roads, so the union of a section is its blocks; the
 * holes are courtyards and the slivers between parcels that do not quite touch, which an outline
 * must not show.
 *
 * The union is polygon-clipping's (the sweep Turf used up to version 6): 3,6 to 4,8 times as fast
 * as @turf/union 7 (polyclip-ts, exact arithmetic with big numbers) on the 139 sections of Bondy
 * and Paris 18e, with the same parts and areas within 0,02 % (decision 0850). Where
 * its floating-point sweep gives up on a degenerate input, @turf/union does that section.
 */
import { createRequire } from 'node:module';
import { featureCollection, multiPolygon, polygon } from '@turf/helpers';
import union from '@turf/union';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';

// A CommonJS package whose named exports Node's ESM loader cannot see.
const polygonClipping = createRequire(import.meta.url)('polygon-clipping') as typeof import('polygon-clipping');

export type Area = Polygon | MultiPolygon;

export interface Outline {
  geometry: Area;
  bbox: { west: number; south: number; east: number; north: number };
}

/** ≈ 1 m: as fine as a section outline is drawn, and neighbours' shared edges then coincide. */
const round = (v: number) => Math.round(v * 1e5) / 1e5;

function outerRings(g: Area): Position[][] {
  return g.type === 'Polygon' ? [g.coordinates[0] ?? []] : g.coordinates.map((p) => p[0] ?? []);
}

/** Drops consecutive repeated points (snapping can create them). */
function dedupe(ring: Position[]): Position[] {
  return ring.filter((p, i) => i === 0 || p[0] !== ring[i - 1]?.[0] || p[1] !== ring[i - 1]?.[1]);
}

export type Union = (parts: Feature<Polygon>[]) => Area | null;

/** @turf/union: exact, slower; the fallback, and the reference of the tests. */
export const turfUnion: Union = (parts) => union(featureCollection<Polygon | MultiPolygon>(parts))?.geometry ?? null;

const fastUnion: Union = (parts) => {
  const rings = parts.map((p) => p.geometry.coordinates as [number, number][][]);
  try {
    const [first, ...others] = rings;
    const u = polygonClipping.union(first as [number, number][][], ...others);
    return u.length === 0 ? null : { type: 'MultiPolygon', coordinates: u };
  } catch {
    return turfUnion(parts);
  }
};

/** The union of the areas, each part reduced to its outer ring; null when nothing is left. */
export function outlineOf(areas: readonly Area[], unite: Union = fastUnion): Outline | null {
  // Holes dropped first: fewer rings for the union to sweep, and none to fill afterwards.
  const parts: Feature<Polygon>[] = [];
  // Snapped to the output grid first: neighbours' shared edges then coincide exactly, which is
  // what makes the sweep fast (nearly coincident edges cost it many splits).
  for (const a of areas)
    for (const ring of outerRings(a)) {
      const snapped = dedupe(ring.map(([x, y]) => [round(x as number), round(y as number)]));
      if (snapped.length >= 4) parts.push(polygon([snapped]));
    }
  if (parts.length === 0) return null;
  let merged: Area;
  if (parts.length === 1) merged = (parts[0] as Feature<Polygon>).geometry;
  else {
    const u = unite(parts);
    if (!u) return null;
    merged = u;
  }
  const rings = outerRings(merged)
    .map((ring) => ring.map(([x, y]) => [round(x as number), round(y as number)]))
    .filter((ring) => ring.length >= 4);
  if (rings.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const ring of rings)
    for (const [x, y] of ring) {
      west = Math.min(west, x as number);
      east = Math.max(east, x as number);
      south = Math.min(south, y as number);
      north = Math.max(north, y as number);
    }
  const geometry: Area = rings.length === 1 ? polygon([rings[0] as Position[]]).geometry : multiPolygon(rings.map((r) => [r])).geometry;
  return { geometry, bbox: { west, south, east, north } };
}
