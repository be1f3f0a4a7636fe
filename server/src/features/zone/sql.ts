/**
 * The SQL condition of a zone (shared/src/zone/contracts.ts) over a table with coordinates, for
 * every search tool. Radius and polygon go through the GiST index on `point(lon, lat)` (a
 * rectangle first, db/spatial.ts), then the exact test: earth_distance for a radius, PostgreSQL's native
 * `point <@ polygon` for a drawn area (holes excluded), both valid on PostgreSQL 15 and PGlite.
 * « Ma zone » is resolved first (territory.ts) into a polygon and/or communes.
 */
import type { PolygonGeometry } from '@immoloupe/shared/market/polygon';
import type { ConcreteZone } from '@immoloupe/shared/zone/contracts';
import { geometryBbox } from '@immoloupe/shared/zone/territory.logic';
import type { Params } from '../../db/params.js';
import { inBoxSql, pointSql, withinRadiusSql } from '../../db/spatial.js';
import { withRecordedCodes } from '../../places/communes.js';

/** Column names of the searched table (qualified with its alias). */
export interface ZoneColumns {
  lat: string;
  lon: string;
  insee: string;
  postcode: string;
}

/** A zone after « ma zone » is resolved: a territory may be a drawing and communes at once. */
export type SqlZoneQuery = ConcreteZone | { kind: 'territory'; geometry: PolygonGeometry | null; communes: string[] };

export const columnsOf = (alias: string, insee: string, postcode: string): ZoneColumns => ({
  lat: `${alias}.latitude`,
  lon: `${alias}.longitude`,
  insee: `${alias}.${insee}`,
  postcode: `${alias}.${postcode}`,
});

function radiusSql(p: Params, c: ZoneColumns, lat: number, lon: number, radius: number): string {
  return withinRadiusSql((v) => p.add(v), lat, lon, radius, c.lat, c.lon);
}

function ringLiteral(ring: readonly (readonly number[])[]): string {
  return `(${ring.map(([x, y]) => `(${Number(x)},${Number(y)})`).join(',')})`;
}

/** Exact test of a Polygon or MultiPolygon: inside an outer ring and outside its holes. */
function polygonSql(p: Params, c: ZoneColumns, g: PolygonGeometry): string {
  // The bounding box lets the GiST index narrow the candidates.
  return `(${inBoxSql((v) => p.add(v), c.lon, c.lat, geometryBbox(g))} AND ${pointInGeometrySql(p, pointSql(c.lon, c.lat), g)})`;
}

/** Is the point expression (`point(lon, lat)`) inside an outer ring and outside its holes? No index: narrow first. */
export function pointInGeometrySql(p: Params, pt: string, g: PolygonGeometry): string {
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  const parts = polygons.map(([outer, ...holes]) => {
    const tests = [`${pt} <@ ${p.add(ringLiteral(outer ?? []))}::polygon`];
    for (const hole of holes) tests.push(`NOT (${pt} <@ ${p.add(ringLiteral(hole))}::polygon)`);
    return `(${tests.join(' AND ')})`;
  });
  return `(${parts.join(' OR ')})`;
}

/** The WHERE condition of a zone. */
export function zoneWhere(p: Params, c: ZoneColumns, zone: SqlZoneQuery): string {
  switch (zone.kind) {
    case 'communes':
      return `${c.insee} = ANY(${p.add(withRecordedCodes(zone.insee))}::text[])`;
    case 'postcodes':
      return `${c.postcode} = ANY(${p.add(zone.postcodes)}::text[])`;
    case 'radius':
      return radiusSql(p, c, zone.lat, zone.lon, zone.radius);
    case 'polygon':
      return polygonSql(p, c, zone.geometry);
    case 'territory': {
      const parts: string[] = [];
      if (zone.communes.length) parts.push(`${c.insee} = ANY(${p.add(withRecordedCodes(zone.communes))}::text[])`);
      if (zone.geometry) parts.push(polygonSql(p, c, zone.geometry));
      return parts.length ? `(${parts.join(' OR ')})` : 'false';
    }
  }
}
