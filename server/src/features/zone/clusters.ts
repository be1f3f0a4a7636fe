/**
 * Map markers aggregated in SQL over a grid of the view (about 60 pixels a cell at the zoom of
 * the view): a search with 100 000 matches sends a few hundred features, never every row.
 */
import type { Queryable } from '../../db/client.js';
import type { Params } from '../../db/params.js';

/** Most cells sent for one view; a view that big is zoomed out far enough to merge them anyway. */
const MAX_CELLS = 5000;

export interface ClusterRow {
  n: number;
  lon: number;
  lat: number;
  classe: string | null;
  id: string | null;
}

/** Degrees per grid cell at a zoom level (256-pixel tiles, 60-pixel cells). */
export function cellDegrees(zoom: number): number {
  return (360 * 60) / (256 * 2 ** zoom);
}

/**
 * `from` is the FROM clause, `alias` the table with latitude/longitude columns, `where` the search's
 * condition; `classExpr` and `idExpr` give a cell's worst class and, for a single row, its id.
 */
export async function gridClusters(
  db: Queryable,
  p: Params,
  q: {
    from: string;
    alias: string;
    where: string;
    classExpr: string;
    idExpr: string;
    bbox: [number, number, number, number];
    zoom: number;
  },
): Promise<{ total: number; rows: ClusterRow[] }> {
  const [w, s, e, n] = q.bbox;
  const cell = p.add(cellDegrees(q.zoom));
  const rows = await db.query<ClusterRow & { total: number }>(
    `WITH m AS (
       SELECT ${q.alias}.longitude AS lon, ${q.alias}.latitude AS lat, ${q.classExpr} AS classe, ${q.idExpr} AS id
         FROM ${q.from}
        WHERE ${q.where} AND ${q.alias}.longitude BETWEEN ${p.add(w)} AND ${p.add(e)} AND ${q.alias}.latitude BETWEEN ${p.add(s)} AND ${p.add(n)}
     )
     SELECT count(*)::int AS n, avg(lon) AS lon, avg(lat) AS lat, max(classe) AS classe,
            CASE WHEN count(*) = 1 THEN min(id) END AS id, sum(count(*)) OVER ()::int AS total
       FROM m GROUP BY floor(lon / ${cell}::float8), floor(lat / ${cell}::float8)
      ORDER BY count(*) DESC LIMIT ${MAX_CELLS}`,
    p.values,
  );
  return { total: rows[0]?.total ?? 0, rows };
}

export function clusterCollection(r: { total: number; rows: ClusterRow[] }) {
  return {
    type: 'FeatureCollection' as const,
    total: r.total,
    features: r.rows.map((c) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [Math.round(c.lon * 1e5) / 1e5, Math.round(c.lat * 1e5) / 1e5] as [number, number] },
      properties: { count: c.n, classe: c.classe, id: c.id },
    })),
  };
}
