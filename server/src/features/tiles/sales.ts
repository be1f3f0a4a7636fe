/**
 * Sales as vector tiles (`ventes` layer) with the filters of the transactions page: clusters
 * (`point_count`, position = mean of their sales) below zoom 15, single sales (`id`, `ppm2`) from
 * zoom 15. Three sources, the cheapest that answers the filter exactly:
 * - zooms ≤ 13, a commune or the map view, whole months, kinds of locals and natures: sums over
 *   the cell pyramid `dvf_map_cells`, one Morton range of its primary key per tile;
 * - any zoom, the same places, any period and prices: `dvf_map_points`, one row per located
 *   mutation in Morton order (zoom-20 grid), again one range per tile;
 * - otherwise (surface, rooms, €/m², a radius, a section…): the sales themselves.
 */

import { NBSP } from '@immoloupe/shared/format';
import type { TransactionFilter, TransactionPlace, TransactionType } from '@immoloupe/shared/market/transactions-contracts';
import type { Feature } from 'geojson';
import type { Queryable } from '../../db/client.js';
import { natureLabels } from '../../db/dvf-sales.js';
import { Params } from '../../db/params.js';
import { type DvfScope, dvfScope, inScopeSql } from '../../importers/dvf-scope.js';
import { withRecordedCodes } from '../../places/communes.js';
import { filteredMutationsSql } from '../transactions/index.js';
import { encodeTile, type TileCoord, tileBounds } from './tiles.logic.js';

export const SALES_LAYER = 'ventes';
export const SALES_POINTS_MIN_ZOOM = 15;
/** Levels of the cell pyramid (zooms of their Web Mercator grids), finest last. */
export const CELL_LEVELS = [9, 11, 13, 15] as const;
const FINEST = 15;
/** Up to this zoom clusters come from the cells (at 13, one per zoom-15 cell: 16 on a tile). */
export const CELLS_MAX_ZOOM = 13;
/** Clusters of one tile from the cells: at most a 16 × 16 grid (32 px cells on a 512 px tile). */
const CELL_GRID_BITS = 4;
/** Clusters counted from the sales: a 64 × 64 grid (8 px cells on a 512 px tile). */
const GRID_BITS = 6;
const MAX_POINTS = 20_000;
/** Single sales are sent up to 8 px (of 512) beyond their tile's edge. */
const POINT_MARGIN = 8 / 512;

/** Bits of `kinds` in `dvf_map_cells`: the kinds of locals a mutation sold, 16 when none (a terrain). */
const KIND_BITS: Record<TransactionType, number> = { maison: 1, appartement: 2, dependance: 4, local: 8, terrain: 16 };

/** Zoom of the grid of `dvf_map_points` (cells of ≈ 30 m): a zoom-14 tile holds 64 × 64 of them. */
const POINTS_LEVEL = 20;

/** Web Mercator x and y of the zoom-20 grid, in SQL (integers). */
const GRID_X_SQL = (lon: string) => `floor((${lon} + 180) / 360 * ${2 ** POINTS_LEVEL})::int`;
const GRID_Y_SQL = (lat: string) =>
  `floor((1 - ln(tan(radians(${lat})) + 1 / cos(radians(${lat}))) / pi()) / 2 * ${2 ** POINTS_LEVEL})::int`;

/**
 * Rebuilds the points and cells of the scope (or of the communes of a query returning
 * `code_commune`): one row per located mutation with its kinds of locals — with `scope.changed`,
 * for the mutations it replaced only — then every level of cells of the scope at once as sums of
 * those rows.
 */
export async function refreshMapCells(tx: Queryable, scopeOrCommunes: DvfScope | string): Promise<void> {
  const scope = dvfScope(scopeOrCommunes);
  const { changed } = scope;
  const inScope = inScopeSql(scope, 'm.code_commune', 'm.date_mutation');
  // The mutations whose points are rebuilt, and the lines their kinds of locals are read from:
  // every line of each of them, so that grouping the lines lists the mutations too (a mutation
  // always has lines) and no second pass over the lines picks them out.
  const points = changed
    ? { replaced: `AND p.id_mutation IN (${changed.replaced})`, lines: changed.lines, mutations: 'true' }
    : {
        replaced: '',
        lines: `dvf_lines WHERE id_mutation IN (SELECT id_mutation FROM dvf_mutations m WHERE ${inScope})`,
        mutations: inScope,
      };
  await tx.exec(`
    DELETE FROM dvf_map_points p WHERE ${inScopeSql(scope, 'p.code_commune', 'p.date_mutation')} ${points.replaced};
    DELETE FROM dvf_map_cells c WHERE ${inScopeSql(scope, 'c.code_commune', 'c.month')};
    INSERT INTO dvf_map_points (cell, id_mutation, code_commune, date_mutation, kinds, nature, price, ppm2, lon, lat)
    WITH k AS (SELECT id_mutation, bit_or(1 << (code_type_local - 1)) FILTER (WHERE code_type_local BETWEEN 1 AND 4)::smallint AS kinds
                 FROM (SELECT id_mutation, code_type_local FROM ${points.lines}) l GROUP BY id_mutation)
    SELECT map_morton(gx, gy), id_mutation, code_commune, date_mutation, kinds, nature_mutation, price, ppm2, longitude, latitude
      FROM (SELECT ${GRID_X_SQL('m.longitude')} AS gx, ${GRID_Y_SQL('m.latitude')} AS gy, m.id_mutation, m.code_commune,
                   m.date_mutation, coalesce(k.kinds, 16)::smallint AS kinds, m.nature_mutation, m.valeur_fonciere::float8 AS price,
                   s.prix_m2::float8 AS ppm2, m.longitude, m.latitude
              FROM k JOIN dvf_mutations m ON m.id_mutation = k.id_mutation LEFT JOIN dvf_sales s ON s.id_mutation = m.id_mutation
             WHERE m.latitude IS NOT NULL AND ${points.mutations}
             -- Not flattened: map_morton is inlined only when its arguments are plain columns.
             OFFSET 0) g
     -- In the primary key's order: each index page is filled once instead of split at random.
     ORDER BY 1, 2;
    -- The finest level from the points, then every level from it: one pass over the points, not one per level.
    INSERT INTO dvf_map_cells (level, cell, code_commune, month, kinds, nature, n, sum_lon, sum_lat)
    SELECT l.level, f.cell >> (2 * (${FINEST} - l.level)), f.code_commune, f.month, f.kinds, f.nature,
           sum(f.n)::int, sum(f.sum_lon), sum(f.sum_lat)
      FROM (SELECT p.cell >> ${2 * (POINTS_LEVEL - FINEST)} AS cell, p.code_commune,
                   date_trunc('month', p.date_mutation::timestamp)::date AS month, p.kinds, p.nature,
                   count(*) AS n, sum(p.lon) AS sum_lon, sum(p.lat) AS sum_lat
              FROM dvf_map_points p
             WHERE ${inScopeSql(scope, 'p.code_commune', 'p.date_mutation')}
             GROUP BY 1, 2, 3, 4, 5) f
     CROSS JOIN (VALUES ${CELL_LEVELS.map((l) => `(${l})`).join(', ')}) AS l(level)
     GROUP BY 1, 2, 3, 4, 5, 6;`);
}

/** Interleaves the bits of x (even) and y (odd), as `map_morton` does in SQL. */
export function morton(x: number, y: number): number {
  let m = 0;
  for (let bit = 0; bit < 26; bit++)
    m += (Math.floor(x / 2 ** bit) % 2) * 2 ** (2 * bit) + (Math.floor(y / 2 ** bit) % 2) * 2 ** (2 * bit + 1);
  return m;
}

/** The level whose cells a tile sums: at least 8 × 8 of them on the tile, the finest at zoom ≥ 12. */
export function cellLevel(z: number): number {
  return CELL_LEVELS.find((l) => l >= z + 3) ?? FINEST;
}

const isMonthStart = (d: string) => d.endsWith('-01');
function isMonthEnd(d: string): boolean {
  const next = new Date(`${d}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.getUTCDate() === 1;
}

/** Can the cells answer this filter exactly? Kinds of locals and natures are in them; bands are not. */
export function cellsAnswer(f: Partial<TransactionFilter>, place: TransactionPlace): boolean {
  const others = [f.priceMin, f.priceMax, f.surfaceMin, f.surfaceMax, f.roomsMin, f.roomsMax, f.ppm2Min, f.ppm2Max];
  if (others.some((v) => v !== undefined)) return false;
  if (place.kind !== 'communes' && place.kind !== 'bbox') return false;
  return (!f.from || isMonthStart(f.from)) && (!f.to || isMonthEnd(f.to));
}

/** Can the points answer it? All but the bands that need each sale's locals (surface, rooms, €/m²). */
export function pointsAnswer(f: Partial<TransactionFilter>, place: TransactionPlace): boolean {
  const bands = [f.surfaceMin, f.surfaceMax, f.roomsMin, f.roomsMax, f.ppm2Min, f.ppm2Max];
  return bands.every((v) => v === undefined) && (place.kind === 'communes' || place.kind === 'bbox');
}

/** Conditions on the kinds of locals and the natures, shared by the cells and the points. */
function kindAndNature(p: Params, f: Partial<TransactionFilter>, where: string[]) {
  if (f.types) where.push(`(kinds & ${p.add(f.types.reduce((bits, type) => bits | KIND_BITS[type], 0))}::int) <> 0`);
  if (f.natures) where.push(`nature = ANY(${p.add(natureLabels(f.natures))}::text[])`);
}

/** The points of a tile: one range of Morton codes, then the page's filters on each row. */
function pointsWhere(p: Params, f: Partial<TransactionFilter>, place: TransactionPlace, t: TileCoord): string {
  const span = 4 ** (POINTS_LEVEL - t.z);
  const range = (x: number, y: number) => {
    const first = morton(x, y) * span;
    return `cell BETWEEN ${p.add(first)} AND ${p.add(first + span - 1)}`;
  };
  const where: string[] = [];
  if (t.z < SALES_POINTS_MIN_ZOOM) where.push(range(t.x, t.y));
  else {
    // Single sales a few pixels beyond the edge too (in the ranges of the neighbouring tiles), so
    // that a marker astride two tiles is drawn whole.
    const ranges: string[] = [];
    for (const dx of [-1, 0, 1])
      for (const dy of [-1, 0, 1])
        if (t.x + dx >= 0 && t.y + dy >= 0 && t.x + dx < 2 ** t.z && t.y + dy < 2 ** t.z) ranges.push(range(t.x + dx, t.y + dy));
    const [w, s, e, n] = tileBounds(t, POINT_MARGIN);
    where.push(`(${ranges.join(' OR ')})`, `lon BETWEEN ${p.add(w)} AND ${p.add(e)} AND lat BETWEEN ${p.add(s)} AND ${p.add(n)}`);
  }
  if (f.from) where.push(`date_mutation >= ${p.add(f.from)}::date`);
  if (f.to) where.push(`date_mutation <= ${p.add(f.to)}::date`);
  if (f.priceMin !== undefined) where.push(`price >= ${p.add(f.priceMin)}`);
  if (f.priceMax !== undefined) where.push(`price <= ${p.add(f.priceMax)}`);
  if (place.kind === 'communes') where.push(`code_commune = ANY(${p.add(withRecordedCodes(place.insee))}::text[])`);
  if (place.kind === 'bbox') {
    const [w, s, e, n] = place.bbox;
    where.push(`lon BETWEEN ${p.add(w)} AND ${p.add(e)} AND lat BETWEEN ${p.add(s)} AND ${p.add(n)}`);
  }
  kindAndNature(p, f, where);
  return where.join(' AND ');
}

async function featuresFromPoints(db: Queryable, f: Partial<TransactionFilter>, place: TransactionPlace, t: TileCoord): Promise<Feature[]> {
  const p = new Params();
  const where = pointsWhere(p, f, place, t);
  if (t.z < SALES_POINTS_MIN_ZOOM) {
    const shift = 2 * Math.max(0, POINTS_LEVEL - t.z - GRID_BITS);
    const rows = await db.query<ClusterRow>(
      `SELECT count(*)::int AS n, avg(lon) AS lon, avg(lat) AS lat FROM dvf_map_points WHERE ${where} GROUP BY cell >> ${shift}`,
      p.values,
    );
    return clusterFeatures(rows);
  }
  const rows = await db.query<PointRow>(
    `SELECT id_mutation AS id, lon, lat, ppm2 FROM dvf_map_points WHERE ${where} LIMIT ${MAX_POINTS}`,
    p.values,
  );
  return pointFeatures(rows);
}

interface PointRow {
  id: string;
  lon: number;
  lat: number;
  ppm2: number | null;
}

function pointFeatures(rows: PointRow[]): Feature[] {
  return rows.map((r) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [r.lon, r.lat] },
    properties: r.ppm2 === null ? { id: r.id } : { id: r.id, ppm2: Math.round(r.ppm2) },
  }));
}

interface ClusterRow {
  n: number;
  lon: number;
  lat: number;
}

function clusterFeatures(rows: ClusterRow[]): Feature[] {
  return rows.map((r) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [r.lon, r.lat] },
    properties: { point_count: r.n, point_count_abbreviated: abbreviate(r.n) },
  }));
}

export function abbreviate(n: number): string {
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(Math.round(n / 100) / 10).toString().replace('.', ',')}${NBSP}k`;
  return `${Math.round(n / 1000)}${NBSP}k`;
}

/** The tile's cells are one range of Morton codes at their level: a range scan of the primary key. */
async function clustersFromCells(db: Queryable, f: Partial<TransactionFilter>, place: TransactionPlace, t: TileCoord): Promise<Feature[]> {
  const p = new Params();
  const level = cellLevel(t.z);
  const span = 4 ** (level - t.z);
  const first = morton(t.x, t.y) * span;
  const shift = 2 * Math.max(0, level - t.z - CELL_GRID_BITS);
  const where = [`level = ${p.add(level)}`, `cell BETWEEN ${p.add(first)} AND ${p.add(first + span - 1)}`];
  if (f.from) where.push(`month >= ${p.add(f.from)}::date`);
  if (f.to) where.push(`month <= ${p.add(f.to)}::date`);
  if (place.kind === 'communes') where.push(`code_commune = ANY(${p.add(withRecordedCodes(place.insee))}::text[])`);
  kindAndNature(p, f, where);
  const rows = await db.query<ClusterRow>(
    `SELECT sum(n)::int AS n, sum(sum_lon) / sum(n) AS lon, sum(sum_lat) / sum(n) AS lat
       FROM dvf_map_cells WHERE ${where.join(' AND ')}
      GROUP BY cell >> ${shift}`,
    p.values,
  );
  // A bbox place (the map view) is a rectangle of whole cells only at high zooms: keep the clusters inside it.
  if (place.kind === 'bbox') {
    const [w, s, e, n] = place.bbox;
    return clusterFeatures(rows.filter((r) => r.lon >= w && r.lon <= e && r.lat >= s && r.lat <= n));
  }
  return clusterFeatures(rows);
}

export async function buildSalesTile(
  db: Queryable,
  f: Partial<TransactionFilter>,
  place: TransactionPlace,
  t: TileCoord,
): Promise<Uint8Array> {
  let features: Feature[];
  if (t.z <= CELLS_MAX_ZOOM && cellsAnswer(f, place)) features = await clustersFromCells(db, f, place, t);
  else if (pointsAnswer(f, place)) features = await featuresFromPoints(db, f, place, t);
  else {
    const [w, s, e, n] = tileBounds(t, POINT_MARGIN);
    const p = new Params();
    const inTile = `f.latitude IS NOT NULL AND f.longitude BETWEEN ${p.add(w)} AND ${p.add(e)} AND f.latitude BETWEEN ${p.add(s)} AND ${p.add(n)}`;
    // The page's place, narrowed to the tile (its own bbox when the place is the map view).
    const cte = filteredMutationsSql(p, f, place.kind === 'bbox' ? { kind: 'bbox', bbox: [w, s, e, n] } : place);
    if (t.z < SALES_POINTS_MIN_ZOOM) {
      const cells = 2 ** GRID_BITS;
      const rows = await db.query<ClusterRow>(
        `WITH ${cte}
         SELECT count(*)::int AS n, avg(f.longitude) AS lon, avg(f.latitude) AS lat FROM f WHERE ${inTile}
          GROUP BY floor((f.longitude - ${p.add(w)}) / ${p.add((e - w) / cells)}), floor((f.latitude - ${p.add(s)}) / ${p.add((n - s) / cells)})`,
        p.values,
      );
      features = clusterFeatures(rows);
    } else {
      const rows = await db.query<PointRow>(
        `WITH ${cte}
         SELECT f.id_mutation AS id, f.longitude AS lon, f.latitude AS lat, s.prix_m2 AS ppm2
           FROM f LEFT JOIN dvf_sales s ON s.id_mutation = f.id_mutation
          WHERE ${inTile} LIMIT ${MAX_POINTS}`,
        p.values,
      );
      features = pointFeatures(rows);
    }
  }
  return encodeTile(t, { [SALES_LAYER]: features });
}
