/**
 * The permit search: the Sitadel authorisations of a commune (INSEE code as stored, an
 * arrondissement's for Paris, Lyon and Marseille), filtered by authorisation period, list, kind,
 * minimum housing units created and cadastral section and number (any of the permit's parcels),
 * newest first. The total and the housing units are counted over every match, not the page.
 */
import {
  PERMIT_SEARCH_LIMIT,
  type PermitList,
  type PermitSearch,
  type PermitSearchQuery,
  type SearchedPermit,
} from '@immoloupe/shared/permits/contracts';
import type { Queryable } from '../../db/client.js';
import { Params } from '../../db/params.js';

export const PERMIT_COLUMNS = `b.list, b.permit_id, b.kind, b.status, b.authorised_on::text, b.started_on::text, b.completed_on::text,
  b.applicant, b.address, b.parcel_id, b.other_parcels, b.land_area, b.dwellings, b.housing_area, b.premises_area, b.demolished_dwellings`;

export interface SearchedPermitRow {
  list: PermitList;
  permit_id: string;
  kind: string;
  status: number | null;
  authorised_on: string | null;
  started_on: string | null;
  completed_on: string | null;
  applicant: string | null;
  address: string | null;
  parcel_id: string | null;
  other_parcels: string[];
  land_area: number | null;
  dwellings: number | null;
  housing_area: number | null;
  premises_area: number | null;
  demolished_dwellings: number | null;
}

/** The SQL condition of a search on `building_permits b`. */
export function permitWhere(p: Params, q: PermitSearchQuery): string {
  const where = [`b.insee = ${p.add(q.commune)}`];
  if (q.du) where.push(`b.authorised_on >= ${p.add(q.du)}::date`);
  if (q.au) where.push(`b.authorised_on <= ${p.add(q.au)}::date`);
  if (q.liste) where.push(`b.list = ${p.add(q.liste)}`);
  if (q.type) where.push(`b.kind = ${p.add(q.type)}`);
  if (q.logementsMin !== undefined) where.push(`b.dwellings >= ${p.add(q.logementsMin)}`);
  if (q.section) {
    // Sitadel's parcel ids: COMM + 000 + section on 2 characters + number on 4 digits.
    const prefix = `${q.commune}000${q.section}`;
    if (q.numero !== undefined) {
      const id = p.add(`${prefix}${String(q.numero).padStart(4, '0')}`);
      where.push(`(b.parcel_id = ${id} OR ${id} = ANY(b.other_parcels))`);
    } else {
      const like = p.add(`${prefix}%`);
      where.push(`(b.parcel_id LIKE ${like} OR EXISTS (SELECT 1 FROM unnest(b.other_parcels) o WHERE o LIKE ${like}))`);
    }
  }
  return where.join(' AND ');
}

/** The fields every permit answer shares: the search's and the one around a point. */
export function permitFields(r: SearchedPermitRow): Omit<SearchedPermit, 'parcelIds'> {
  return {
    list: r.list,
    id: r.permit_id,
    kind: r.kind,
    status: r.status,
    authorisedOn: r.authorised_on,
    startedOn: r.started_on,
    completedOn: r.completed_on,
    applicant: r.applicant,
    address: r.address,
    parcelId: r.parcel_id,
    landArea: r.land_area,
    dwellings: r.dwellings,
    housingArea: r.housing_area,
    premisesArea: r.premises_area,
    demolishedDwellings: r.demolished_dwellings,
  };
}

export function searchedPermit(r: SearchedPermitRow): SearchedPermit {
  return { ...permitFields(r), parcelIds: [r.parcel_id, ...r.other_parcels].filter((x): x is string => x !== null) };
}

export async function searchPermits(db: Queryable, q: PermitSearchQuery, limit = PERMIT_SEARCH_LIMIT): Promise<PermitSearch> {
  const p = new Params();
  const where = permitWhere(p, q);
  const values = [...p.values];
  const [rows, totals, loaded] = await Promise.all([
    db.query<SearchedPermitRow>(
      `SELECT ${PERMIT_COLUMNS} FROM building_permits b WHERE ${where}
        ORDER BY b.authorised_on DESC NULLS LAST, b.permit_id, b.list LIMIT $${values.length + 1}`,
      [...values, limit],
    ),
    db.query<{ n: number; dwellings: number }>(
      `SELECT count(*)::int AS n, coalesce(sum(b.dwellings) FILTER (WHERE b.list = 'logements'), 0)::int AS dwellings
         FROM building_permits b WHERE ${where}`,
      values,
    ),
    db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM building_permits WHERE insee = $1) AS any', [q.commune]),
  ]);
  const total = totals[0]?.n ?? 0;
  return {
    loaded: loaded[0]?.any ?? false,
    total,
    dwellings: totals[0]?.dwellings ?? 0,
    permits: rows.map(searchedPermit),
    truncated: total > rows.length,
  };
}

/**
 * The permits of a saved search that arrived with the import runs of an alert's window, newest
 * first: `window` writes the saved-search engine's condition on `building_permits b` (its
 * `alert_key`, source 'permit').
 */
export async function newPermits(
  db: Queryable,
  q: PermitSearchQuery,
  window: (p: Params) => string,
  limit: number,
): Promise<SearchedPermit[]> {
  const p = new Params();
  const where = permitWhere(p, q);
  const rows = await db.query<SearchedPermitRow>(
    `SELECT ${PERMIT_COLUMNS} FROM building_permits b WHERE ${where} AND ${window(p)}
      ORDER BY b.authorised_on DESC NULLS LAST, b.permit_id, b.list LIMIT ${p.add(limit)}`,
    p.values,
  );
  return rows.map(searchedPermit);
}
