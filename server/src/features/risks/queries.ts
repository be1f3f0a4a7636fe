/**
 * What weighs on a point: the GASPAR risks of its commune, the ICPE and BASIAS sites within the
 * radius (GiST index on their point, then the exact distance), and the Sitadel permits whose first
 * parcel's centroid lies within it (the parcels' bounding-box index, then the distance).
 */
import { NATURAL_PERSON_NOTICE } from '@immoloupe/shared/owners/natural-person.logic';
import { PERMIT_LIMIT, type Permits } from '@immoloupe/shared/permits/contracts';
import { RISK_RADIUS_M, type Risks } from '@immoloupe/shared/risks/contracts';
import type { Queryable } from '../../db/client.js';
import { Params } from '../../db/params.js';
import { distanceSql, radiusBox, withinRadiusSql } from '../../db/spatial.js';
import { PERMIT_COLUMNS, permitFields, type SearchedPermitRow } from './permit-search.js';

/** GASPAR has no arrondissement: Paris, Lyon and Marseille are listed under their commune code. */
export function gasparCommune(insee: string): string {
  if (/^751\d{2}$/.test(insee)) return '75056';
  if (/^6938\d$/.test(insee)) return '69123';
  if (/^132\d{2}$/.test(insee)) return '13055';
  return insee;
}

/** A detail risk (114) refines the main risk of its first two digits (11). */
const parentOf = (code: string, codes: ReadonlySet<string>) => (code.length > 2 && codes.has(code.slice(0, 2)) ? code.slice(0, 2) : null);

export async function risksAt(db: Queryable, at: { lat: number; lon: number; insee: string }, radius = RISK_RADIUS_M): Promise<Risks> {
  const commune = gasparCommune(at.insee);
  const icpe = new Params();
  const basias = new Params();
  const [risks, icpeRows, unplaced, basiasRows, loaded] = await Promise.all([
    db.query<{ risk_code: string; label: string }>(
      'SELECT risk_code, label FROM commune_risks WHERE insee = $1 ORDER BY left(risk_code, 2), length(risk_code), risk_code',
      [commune],
    ),
    db.query<{
      id: string;
      operator: string | null;
      address: string | null;
      regime: string | null;
      seveso: string | null;
      last_inspection: string | null;
      placed_by: 'fichier' | 'adresse' | 'voie';
      d: number;
    }>(
      `SELECT id, operator, address, regime, seveso, last_inspection::text, placed_by,
              ${distanceSql((v) => icpe.add(v), at.lat, at.lon, 'latitude', 'longitude')} AS d
         FROM icpe_sites WHERE ${withinRadiusSql((v) => icpe.add(v), at.lat, at.lon, radius, 'latitude', 'longitude')}
        ORDER BY d, id`,
      icpe.values,
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM icpe_sites WHERE insee = $1 AND latitude IS NULL', [at.insee]),
    db.query<{
      id: string;
      names: string | null;
      usual_name: string | null;
      address: string | null;
      activity_codes: string | null;
      occupation: string | null;
      d: number;
    }>(
      `SELECT id, names, usual_name, address, activity_codes, occupation,
              ${distanceSql((v) => basias.add(v), at.lat, at.lon, 'latitude', 'longitude')} AS d
         FROM basias_sites WHERE ${withinRadiusSql((v) => basias.add(v), at.lat, at.lon, radius, 'latitude', 'longitude')}
        ORDER BY d, id`,
      basias.values,
    ),
    db.query<{ gaspar: boolean; icpe: boolean; basias: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM commune_risks WHERE insee = $1) AS gaspar,
              EXISTS (SELECT 1 FROM icpe_sites WHERE insee = $2) AS icpe,
              EXISTS (SELECT 1 FROM basias_sites WHERE insee = $2) AS basias`,
      [commune, at.insee],
    ),
  ]);
  const codes = new Set(risks.map((r) => r.risk_code));
  return {
    insee: commune,
    radiusM: radius,
    loaded: loaded[0] ?? { gaspar: false, icpe: false, basias: false },
    risks: risks.map((r) => ({ code: r.risk_code, label: r.label, parent: parentOf(r.risk_code, codes) })),
    icpe: icpeRows.map((r) => ({
      id: r.id,
      operator: r.operator ?? `Exploitant ${NATURAL_PERSON_NOTICE}`,
      address: r.address,
      regime: r.regime,
      seveso: r.seveso,
      lastInspection: r.last_inspection,
      placedBy: r.placed_by,
      distanceM: Math.round(r.d),
    })),
    icpeUnplaced: unplaced[0]?.n ?? 0,
    basias: basiasRows.map((r) => ({
      id: r.id,
      names: r.names ?? r.usual_name,
      address: r.address,
      activityCodes: r.activity_codes,
      occupation: r.occupation,
      distanceM: Math.round(r.d),
    })),
  };
}

/** A permit on a parcel near the point, `d` metres from it. */
type PermitRow = SearchedPermitRow & { parcel_id: string; d: number };

export async function permitsAround(
  db: Queryable,
  at: { lat: number; lon: number; insee?: string | null },
  radius: number,
  since?: string,
): Promise<Permits> {
  const p = new Params();
  const [w, s, e, n] = radiusBox(at.lat, at.lon, radius);
  const d = distanceSql((v) => p.add(v), at.lat, at.lon, 'pa.centroid_lat', 'pa.centroid_lon');
  const sinceSql = since ? `AND b.authorised_on >= ${p.add(since)}::date` : '';
  const rows = await db.query<PermitRow>(
    `WITH near AS (
       SELECT pa.id, ${d} AS d FROM parcels pa
        WHERE box(point(pa.bbox_west, pa.bbox_south), point(pa.bbox_east, pa.bbox_north))
              && box(point(${p.add(w)}::float8, ${p.add(s)}::float8), point(${p.add(e)}::float8, ${p.add(n)}::float8)))
     SELECT ${PERMIT_COLUMNS}, near.d
       FROM near JOIN building_permits b ON b.parcel_id = near.id
      WHERE near.d <= ${p.add(radius)}::float8 ${sinceSql}
      ORDER BY b.authorised_on DESC NULLS LAST, b.permit_id, b.list
      LIMIT ${PERMIT_LIMIT + 1}`,
    p.values,
  );
  const [loaded] = at.insee
    ? await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM building_permits WHERE insee = $1) AS any', [at.insee])
    : await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM building_permits) AS any');
  return {
    radiusM: radius,
    loaded: loaded?.any ?? false,
    truncated: rows.length > PERMIT_LIMIT,
    permits: rows.slice(0, PERMIT_LIMIT).map((r) => ({ ...permitFields(r), parcelId: r.parcel_id, distanceM: Math.round(r.d) })),
  };
}
