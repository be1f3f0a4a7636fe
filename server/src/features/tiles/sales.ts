/**
 * Sales as vector tiles (`ventes` layer) with the filters of the transactions page: clusters
 * (`point_count`, position = mean of their sales) below zoom 15, single sales (`id`, `ppm2`) from
 * zoom 15. When the filters are a commune or the map view and whole months, the clusters of zooms
 * ≤ 13 are sums over `dvf_map_cells` (a département's 500 000 sales stay cheap); otherwise they are
 * counted from the sales themselves.
 */

import { NBSP } from '@immoloupe/shared/format';
import type { TransactionFilter, TransactionPlace } from '@immoloupe/shared/market/transactions-contracts';
import type { Feature } from 'geojson';
import type { Queryable } from '../../db/client.js';
import { Params } from '../market/sql.js';
import { filteredMutationsSql } from '../transactions/queries.js';
import { encodeTile, type TileCoord, tileBounds } from './tiles.logic.js';

export const SALES_LAYER = 'ventes';
export const SALES_POINTS_MIN_ZOOM = 15;
const CELL_ZOOM = 15;
/** Up to this zoom clusters come from the cells (at 13, one per zoom-15 cell: 16 on a tile). */
const CELLS_MAX_ZOOM = 13;
/** Clusters of one tile: a 64 × 64 grid (8 px cells on a 512 px tile). */
const GRID_BITS = 6;
const MAX_POINTS = 20_000;

/** Web Mercator cell of the zoom-15 grid, in SQL (integer x and y). */
export const CELL_X_SQL = (lon: string) => `floor((${lon} + 180) / 360 * ${2 ** CELL_ZOOM})::int`;
export const CELL_Y_SQL = (lat: string) =>
  `floor((1 - ln(tan(radians(${lat})) + 1 / cos(radians(${lat}))) / pi()) / 2 * ${2 ** CELL_ZOOM})::int`;

/** Rebuilds the cells of the given communes (a SQL query returning `code_commune`). */
export async function refreshMapCells(tx: Queryable, communesSql: string): Promise<void> {
  await tx.exec(`
    DELETE FROM dvf_map_cells WHERE code_commune IN (${communesSql});
    INSERT INTO dvf_map_cells (code_commune, month, cx, cy, n, sum_lon, sum_lat)
    SELECT code_commune, date_trunc('month', date_mutation)::date, ${CELL_X_SQL('longitude')}, ${CELL_Y_SQL('latitude')},
           count(*)::int, sum(longitude), sum(latitude)
      FROM dvf_mutations
     WHERE latitude IS NOT NULL AND code_commune IN (${communesSql})
     GROUP BY 1, 2, 3, 4;`);
}

const isMonthStart = (d: string) => d.endsWith('-01');
function isMonthEnd(d: string): boolean {
  const next = new Date(`${d}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.getUTCDate() === 1;
}

/** Can the cells answer this filter exactly? */
export function cellsAnswer(f: Partial<TransactionFilter>, place: TransactionPlace): boolean {
  const others = [f.types, f.natures, f.priceMin, f.priceMax, f.surfaceMin, f.surfaceMax, f.roomsMin, f.roomsMax, f.ppm2Min, f.ppm2Max];
  if (others.some((v) => v !== undefined)) return false;
  if (place.kind !== 'communes' && place.kind !== 'bbox') return false;
  return (!f.from || isMonthStart(f.from)) && (!f.to || isMonthEnd(f.to));
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

async function clustersFromCells(db: Queryable, f: Partial<TransactionFilter>, place: TransactionPlace, t: TileCoord): Promise<Feature[]> {
  const p = new Params();
  const span = 2 ** (CELL_ZOOM - t.z);
  const shift = Math.max(0, CELL_ZOOM - t.z - GRID_BITS);
  const where = [
    `cx BETWEEN ${p.add(t.x * span)} AND ${p.add((t.x + 1) * span - 1)}`,
    `cy BETWEEN ${p.add(t.y * span)} AND ${p.add((t.y + 1) * span - 1)}`,
  ];
  if (f.from) where.push(`month >= ${p.add(f.from)}::date`);
  if (f.to) where.push(`month <= ${p.add(f.to)}::date`);
  if (place.kind === 'communes') where.push(`code_commune = ANY(${p.add(place.insee)}::text[])`);
  const rows = await db.query<ClusterRow>(
    `SELECT sum(n)::int AS n, sum(sum_lon) / sum(n) AS lon, sum(sum_lat) / sum(n) AS lat
       FROM dvf_map_cells WHERE ${where.join(' AND ')}
      GROUP BY cx >> ${shift}, cy >> ${shift}`,
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
  else {
    const [w, s, e, n] = tileBounds(t, 8 / 512);
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
      const rows = await db.query<{ id: string; lon: number; lat: number; ppm2: number | null }>(
        `WITH ${cte}
         SELECT f.id_mutation AS id, f.longitude AS lon, f.latitude AS lat, s.prix_m2 AS ppm2
           FROM f LEFT JOIN dvf_sales s ON s.id_mutation = f.id_mutation
          WHERE ${inTile} LIMIT ${MAX_POINTS}`,
        p.values,
      );
      features = rows.map((r) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [r.lon, r.lat] },
        properties: r.ppm2 === null ? { id: r.id } : { id: r.id, ppm2: Math.round(r.ppm2) },
      }));
    }
  }
  return encodeTile(t, { [SALES_LAYER]: features });
}
