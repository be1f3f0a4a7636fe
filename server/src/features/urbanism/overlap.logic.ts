/**
 * How much of a parcel a zone or a prescription covers, without PostGIS: both outlines are brought
 * to metres on a plane tangent at the parcel (equirectangular: at a parcel's size the scale error
 * is far below a square metre, and it cancels in a share), intersected with polygon-clipping, and
 * measured with the shoelace formula. A line touches a parcel when it crosses or enters it, a point
 * when it lies in it.
 */
import { createRequire } from 'node:module';

// A CommonJS package whose named exports Node's ESM loader cannot see.
const polygonClipping = createRequire(import.meta.url)('polygon-clipping') as typeof import('polygon-clipping');

export type Position = [number, number];
export type AreaGeometry = { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] };
export type AnyGeometry =
  | AreaGeometry
  | { type: 'Point'; coordinates: Position }
  | { type: 'MultiPoint'; coordinates: Position[] }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] };

const EARTH_RADIUS_M = 6_371_008.8;

export interface Plane {
  toXY(p: readonly number[]): Position;
}

/** A plane in metres tangent at (lon0, lat0). */
export function planeAt(lon0: number, lat0: number): Plane {
  const k = (Math.PI / 180) * EARTH_RADIUS_M;
  const kx = k * Math.cos((lat0 * Math.PI) / 180);
  return { toXY: (p) => [((p[0] as number) - lon0) * kx, ((p[1] as number) - lat0) * k] };
}

function polygonsOf(g: AreaGeometry): Position[][][] {
  return g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
}

function ringArea(ring: readonly Position[]): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const pi = ring[i] as Position;
    const pj = ring[j] as Position;
    a += (pj[0] + pi[0]) * (pj[1] - pi[1]);
  }
  return Math.abs(a) / 2;
}

/** Area in m² of polygons already on the plane (outer rings minus holes). */
export function planarArea(polys: readonly Position[][][]): number {
  let total = 0;
  for (const poly of polys) for (let i = 0; i < poly.length; i++) total += i === 0 ? ringArea(poly[i] ?? []) : -ringArea(poly[i] ?? []);
  return Math.max(0, total);
}

export function projectArea(g: AreaGeometry, plane: Plane): Position[][][] {
  return polygonsOf(g).map((poly) => poly.map((ring) => ring.map((p) => plane.toXY(p))));
}

type Rect = [minX: number, minY: number, maxX: number, maxY: number];

function rectOf(polys: readonly Position[][][], margin: number): Rect {
  let r: Rect = [Infinity, Infinity, -Infinity, -Infinity];
  for (const poly of polys)
    for (const [x, y] of poly[0] ?? []) r = [Math.min(r[0], x), Math.min(r[1], y), Math.max(r[2], x), Math.max(r[3], y)];
  return [r[0] - margin, r[1] - margin, r[2] + margin, r[3] + margin];
}

/**
 * A ring cut to a rectangle (Sutherland–Hodgman): a zone or an area-wide perimeter has thousands
 * of vertices, of which a parcel meets a handful; the exact intersection then works on those only.
 */
export function clipRing(ring: readonly Position[], [x0, y0, x1, y1]: Rect): Position[] {
  let out: Position[] = ring.slice();
  const edges: [(p: Position) => boolean, (a: Position, b: Position) => Position][] = [
    [(p) => p[0] >= x0, (a, b) => [x0, a[1] + ((b[1] - a[1]) * (x0 - a[0])) / (b[0] - a[0])]],
    [(p) => p[0] <= x1, (a, b) => [x1, a[1] + ((b[1] - a[1]) * (x1 - a[0])) / (b[0] - a[0])]],
    [(p) => p[1] >= y0, (a, b) => [a[0] + ((b[0] - a[0]) * (y0 - a[1])) / (b[1] - a[1]), y0]],
    [(p) => p[1] <= y1, (a, b) => [a[0] + ((b[0] - a[0]) * (y1 - a[1])) / (b[1] - a[1]), y1]],
  ];
  for (const [inside, cut] of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i] as Position;
      const prev = input[(i + input.length - 1) % input.length] as Position;
      if (inside(cur)) {
        if (!inside(prev)) out.push(cut(prev, cur));
        out.push(cur);
      } else if (inside(prev)) out.push(cut(prev, cur));
    }
    if (out.length === 0) return out;
  }
  return out;
}

function clipPolygons(polys: readonly Position[][][], rect: Rect): Position[][][] {
  const out: Position[][][] = [];
  for (const poly of polys) {
    const outer = clipRing(poly[0] ?? [], rect);
    if (outer.length < 3) continue;
    const holes = poly
      .slice(1)
      .map((h) => clipRing(h, rect))
      .filter((h) => h.length >= 3);
    out.push([outer, ...holes].map((r) => [...r, r[0] as Position]));
  }
  return out;
}

/** Area in m² of the part of `other` inside the parcel (both already on the plane). */
export function overlapArea(parcel: Position[][][], other: Position[][][]): number {
  try {
    const near = clipPolygons(other, rectOf(parcel, 1));
    if (near.length === 0) return 0;
    return planarArea(polygonClipping.intersection(parcel as never, near as never) as Position[][][]);
  } catch {
    // polygon-clipping's floating-point sweep can give up on a degenerate ring: no share then.
    return 0;
  }
}

function insideRing(p: Position, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as Position;
    const [xj, yj] = ring[j] as Position;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function pointInPolygons(p: Position, polys: readonly Position[][][]): boolean {
  return polys.some((poly) => insideRing(p, poly[0] ?? []) && !poly.slice(1).some((hole) => insideRing(p, hole)));
}

function segmentsCross(a: Position, b: Position, c: Position, d: Position): boolean {
  const orient = (p: Position, q: Position, r: Position) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  return o1 !== o2 && o3 !== o4;
}

/** Whether a line enters the parcel: a vertex inside it, or a segment crossing one of its edges. */
export function lineTouches(line: readonly Position[], polys: readonly Position[][][]): boolean {
  if (line.some((p) => pointInPolygons(p, polys))) return true;
  for (let i = 1; i < line.length; i++)
    for (const poly of polys)
      for (const ring of poly)
        for (let j = 1; j < ring.length; j++)
          if (segmentsCross(line[i - 1] as Position, line[i] as Position, ring[j - 1] as Position, ring[j] as Position)) return true;
  return false;
}

export interface Overlap {
  /** m² of the parcel covered (surfaces only). */
  areaM2: number | null;
  /** Share of the parcel's area, 0–1 (surfaces only). */
  share: number | null;
}

/** The overlap of a feature with the parcel, or null when it does not touch it. */
export function overlapWith(
  parcel: Position[][][],
  parcelArea: number,
  feature: AnyGeometry,
  plane: Plane,
  minShare = 0.005,
): Overlap | null {
  switch (feature.type) {
    case 'Polygon':
    case 'MultiPolygon': {
      const area = overlapArea(parcel, projectArea(feature, plane));
      // A sliver along a shared edge (the layers and the cadastre are drawn apart) is no overlap.
      if (parcelArea <= 0 || area / parcelArea < minShare) return null;
      return { areaM2: area, share: Math.min(1, area / parcelArea) };
    }
    case 'Point':
      return pointInPolygons(plane.toXY(feature.coordinates), parcel) ? { areaM2: null, share: null } : null;
    case 'MultiPoint':
      return feature.coordinates.some((p) => pointInPolygons(plane.toXY(p), parcel)) ? { areaM2: null, share: null } : null;
    case 'LineString':
      return lineTouches(
        feature.coordinates.map((p) => plane.toXY(p)),
        parcel,
      )
        ? { areaM2: null, share: null }
        : null;
    case 'MultiLineString':
      return feature.coordinates.some((l) =>
        lineTouches(
          l.map((p) => plane.toXY(p)),
          parcel,
        ),
      )
        ? { areaM2: null, share: null }
        : null;
  }
}
