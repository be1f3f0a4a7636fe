/**
 * Where a map opened without a place starts (decision 0800): the box of
 * the communes whose cadastre is loaded, the offline base having nothing to draw elsewhere. Asked
 * for given communes (« ma zone », a saved search), a commune without cadastre is framed on its
 * geolocated sales, else on its BAN addresses: the sales, DPE or co-ownerships a page draws there
 * are then in view instead of a map of France. The 2nd to 98th percentiles of those points, so that
 * a sale geolocated at the other end of the country does not frame half of it.
 */
import type { Queryable } from '../../db/client.js';

export type Bounds = [west: number, south: number, east: number, north: number];

export async function baseExtent(db: Queryable, insee: readonly string[] | null): Promise<Bounds | null> {
  const [r] = insee
    ? await db.query<Box>(
        `WITH outlined AS (
           SELECT code_commune, bbox_west AS w, bbox_south AS s, bbox_east AS e, bbox_north AS n
             FROM commune_outlines WHERE code_commune = ANY($1::text[])),
         unoutlined AS (
           SELECT c FROM unnest($1::text[]) AS c WHERE c NOT IN (SELECT code_commune FROM outlined)),
         sales AS (
           SELECT m.code_commune AS c, m.longitude AS lon, m.latitude AS lat FROM dvf_mutations m
            WHERE m.code_commune IN (SELECT c FROM unoutlined) AND m.latitude IS NOT NULL),
         points AS (
           SELECT c, lon, lat FROM sales
           UNION ALL
           SELECT b.code_insee, b.lon, b.lat FROM ban_addresses b
            WHERE b.code_insee IN (SELECT c FROM unoutlined) AND b.code_insee NOT IN (SELECT c FROM sales)),
         spread AS (
           SELECT percentile_disc(0.02) WITHIN GROUP (ORDER BY lon) AS w, percentile_disc(0.02) WITHIN GROUP (ORDER BY lat) AS s,
                  percentile_disc(0.98) WITHIN GROUP (ORDER BY lon) AS e, percentile_disc(0.98) WITHIN GROUP (ORDER BY lat) AS n
             FROM points GROUP BY c)
         SELECT min(w) AS w, min(s) AS s, max(e) AS e, max(n) AS n
           FROM (SELECT w, s, e, n FROM outlined UNION ALL SELECT w, s, e, n FROM spread) x`,
        [insee],
      )
    : await db.query<Box>(
        'SELECT min(bbox_west) AS w, min(bbox_south) AS s, max(bbox_east) AS e, max(bbox_north) AS n FROM commune_outlines',
      );
  return r && r.w !== null && r.s !== null && r.e !== null && r.n !== null ? [r.w, r.s, r.e, r.n] : null;
}

interface Box {
  w: number | null;
  s: number | null;
  e: number | null;
  n: number | null;
}
