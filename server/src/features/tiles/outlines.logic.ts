/**
 * Section and commune outlines from parcels (issue 11): the union of the parcels, with the holes
 * filled. Parcels do not cover the public roads, so the union of a section is its blocks; the
 * holes are courtyards and the slivers between parcels that do not quite touch, which an outline
 * must not show.
 */
import { featureCollection, multiPolygon, polygon } from '@turf/helpers';
import union from '@turf/union';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';

export type Area = Polygon | MultiPolygon;

export interface Outline {
  geometry: Area;
  bbox: { west: number; south: number; east: number; north: number };
}

/** ≈ 10 cm: finer than any drawing, and it keeps the stored outlines small. */
const round = (v: number) => Math.round(v * 1e6) / 1e6;

function outerRings(g: Area): Position[][] {
  return g.type === 'Polygon' ? [g.coordinates[0] ?? []] : g.coordinates.map((p) => p[0] ?? []);
}

/** The union of the areas, each part reduced to its outer ring; null when nothing is left. */
export function outlineOf(areas: readonly Area[]): Outline | null {
  // Holes dropped first: fewer rings for the union to sweep, and none to fill afterwards.
  const parts: Feature<Polygon>[] = [];
  for (const a of areas) for (const ring of outerRings(a)) if (ring.length >= 4) parts.push(polygon([ring]));
  if (parts.length === 0) return null;
  let merged: Area;
  if (parts.length === 1) merged = (parts[0] as Feature<Polygon>).geometry;
  else {
    const u = union(featureCollection<Polygon | MultiPolygon>(parts));
    if (!u) return null;
    merged = u.geometry;
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
