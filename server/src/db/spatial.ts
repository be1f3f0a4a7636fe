/**
 * Spatial conditions over tables with coordinates (see docs/decisions/0850-bulk-import-path.md).
 * Every table with positions has a GiST index on `point(longitude, latitude)` (point_ops, which
 * PostgreSQL ≥ 14 builds by sorting): a rectangle of degrees is the indexed pre-filter, and a
 * radius is that rectangle around its circle followed by the exact great-circle test of
 * earthdistance (`earth_distance(ll_to_earth(…), ll_to_earth(…))`, metres on its sphere).
 * Write the point exactly as indexed: `point(<longitude column>, <latitude column>)`.
 */

import type { Params } from './params.js';

/** Adds a parameter value and returns its placeholder (`Params.add`). */
export type AddParam = (value: unknown) => string;

/** West, south, east, north, in degrees. */
export type Box = readonly [w: number, s: number, e: number, n: number];

/** Radius of earthdistance's sphere (`earth()`), in metres: its distances are measured on it. */
export const EARTHDISTANCE_RADIUS_M = 6_378_168;

/** Added to each side of a radius's rectangle (≈ 1 cm): rounding never leaves a point at the edge out. */
const MARGIN_DEG = 1e-7;

/**
 * The smallest rectangle of degrees that holds every point within `radius` metres of (lat, lon)
 * on earthdistance's sphere: ± the angle in latitude, and in longitude the widest extent of the
 * spherical cap, asin(sin(angle) / cos(lat)). Whole longitudes when the cap reaches a pole or
 * crosses the antimeridian (a larger rectangle is still exact: the distance test follows).
 */
export function radiusBox(lat: number, lon: number, radius: number): Box {
  const angle = Math.max(0, radius) / EARTHDISTANCE_RADIUS_M;
  const dLat = (angle * 180) / Math.PI + MARGIN_DEG;
  const s = Math.max(-90, lat - dLat);
  const n = Math.min(90, lat + dLat);
  const ratio = Math.sin(Math.min(angle, Math.PI / 2)) / Math.cos((lat * Math.PI) / 180);
  if (s <= -90 || n >= 90 || !(ratio < 1)) return [-180, s, 180, n];
  const dLon = (Math.asin(ratio) * 180) / Math.PI + MARGIN_DEG;
  if (lon - dLon < -180 || lon + dLon > 180) return [-180, s, 180, n];
  return [lon - dLon, s, lon + dLon, n];
}

/** The indexed point of a row: `point(lon, lat)`, as in every spatial index. */
export const pointSql = (lon: string, lat: string) => `point(${lon}, ${lat})`;

/**
 * Is the row's point inside the rectangle (edges included)? Served by the GiST index; PostgreSQL's
 * geometric operators allow 1e-6 of slack, so callers that need exact edges test the columns too.
 */
export function inBoxSql(add: AddParam, lon: string, lat: string, [w, s, e, n]: Box): string {
  // `lat IS NOT NULL` says to the planner that the partial indexes (`WHERE latitude IS NOT NULL`) apply.
  return `${lat} IS NOT NULL AND ${pointSql(lon, lat)} <@ box(point(${add(w)}::float8, ${add(s)}::float8), point(${add(e)}::float8, ${add(n)}::float8))`;
}

/** Great-circle distance in metres from (lat, lon) to the row (earthdistance), e.g. to sort by it. */
export function distanceSql(add: AddParam, lat: number, lon: number, latCol: string, lonCol: string): string {
  return `earth_distance(ll_to_earth(${add(lat)}::float8, ${add(lon)}::float8), ll_to_earth(${latCol}, ${lonCol}))`;
}

/** Rows within `radius` metres of (lat, lon): the indexed rectangle, then the exact distance. */
export function withinRadiusSql(add: AddParam, lat: number, lon: number, radius: number, latCol: string, lonCol: string): string {
  return `(${inBoxSql(add, lonCol, latCol, radiusBox(lat, lon, radius))}
    AND ${distanceSql(add, lat, lon, latCol, lonCol)} <= ${add(radius)}::float8)`;
}

/** Radius condition on a table with `latitude`/`longitude` columns (alias `t`). */
export function radiusClause(p: Params, alias: string, lat: number, lon: number, radius: number): string {
  return withinRadiusSql((v) => p.add(v), lat, lon, radius, `${alias}.latitude`, `${alias}.longitude`);
}
