/**
 * What the offline basemap holds in a view (`GET /api/tiles/base/coverage`): whether a commune
 * outline of an imported cadastre meets the view (communes, sections and parcels are drawn from
 * it), and whether BAN addresses do (street names). The map names a source in its attribution only
 * when it draws from it there, and says so when it draws nothing, rather than a silent grey.
 */
import type { BaseCoverage } from '@immoloupe/shared/map/contracts';
import type { Queryable } from '../../db/client.js';
import { Params } from '../../db/params.js';
import { type Box, inBoxSql } from '../../db/spatial.js';

export async function baseCoverage(db: Queryable, bbox: Box | null): Promise<BaseCoverage> {
  const p = new Params();
  const [r] = bbox
    ? await db.query<BaseCoverage>(
        `SELECT EXISTS (SELECT 1 FROM commune_outlines
                         WHERE box(point(bbox_west, bbox_south), point(bbox_east, bbox_north))
                            && box(point(${p.add(bbox[0])}::float8, ${p.add(bbox[1])}::float8), point(${p.add(bbox[2])}::float8, ${p.add(bbox[3])}::float8))) AS cadastre,
                EXISTS (SELECT 1 FROM ban_addresses WHERE ${inBoxSql((x) => p.add(x), 'lon', 'lat', bbox)}) AS ban`,
        p.values,
      )
    : await db.query<BaseCoverage>(
        'SELECT EXISTS (SELECT 1 FROM commune_outlines) AS cadastre, EXISTS (SELECT 1 FROM ban_addresses) AS ban',
      );
  return { cadastre: r?.cadastre === true, ban: r?.ban === true };
}
