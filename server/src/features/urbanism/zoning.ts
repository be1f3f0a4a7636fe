/** The PLU zones whose box meets a map view (GiST index on the boxes), for the zoning layer in the CNIG colours. */
import type { Zoning } from '@immoloupe/shared/urbanism/contracts';
import type { Queryable } from '../../db/client.js';

/** Bondy's PLUi has 152 zones; a view of two or three communes stays well under this. */
export const ZONING_MAX_FEATURES = 2_000;

export async function zoningOf(db: Queryable, [w, s, e, n]: readonly [number, number, number, number]): Promise<Zoning> {
  const rows = await db.query<{
    typezone: string | null;
    libelle: string | null;
    libelong: string | null;
    idurba: string;
    geometry: Zoning['features'][number]['geometry'];
  }>(
    `SELECT typezone, libelle, libelong, idurba, geometry
       FROM plu_features
      WHERE layer = 'zone_urba'
        AND box(point(bbox_west, bbox_south), point(bbox_east, bbox_north)) && box(point($1, $2), point($3, $4))
      ORDER BY id
      LIMIT $5`,
    [w, s, e, n, ZONING_MAX_FEATURES + 1],
  );
  return {
    type: 'FeatureCollection',
    features: rows.slice(0, ZONING_MAX_FEATURES).map((r) => ({
      type: 'Feature',
      geometry: r.geometry,
      properties: { typezone: r.typezone ?? '', libelle: r.libelle, libelong: r.libelong, idurba: r.idurba },
    })),
    truncated: rows.length > ZONING_MAX_FEATURES,
  };
}
