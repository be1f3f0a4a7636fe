/**
 * The BAN addresses of parcels, for the parcel sheet (up to 50) and for a page of search results
 * or of prospecting targets (the first one), by the same rules so that both give the same address
 * first: one query over the BAN for all the parcels asked, and one for the nearest parcels of the
 * points just outside their outlines.
 */
import { distanceToGeometryM, pointInGeometry } from '@immoloupe/shared/market/polygon';
import type { Parcel } from '@immoloupe/shared/opendata/contracts';
import { PARCEL_ID } from '@immoloupe/shared/parcels/sheet-contracts';
import type { Queryable } from '../../db/client.js';
import { PARCEL_COLUMNS, type ParcelRow, parcelOf } from '../../places/parcel-row.js';
import { ADDRESS_PARCEL_MAX_M, type BanAddressNaming, banAddressLabel, nearestParcels } from '../geocode/index.js';
import { ownersFileAddresses } from './owner-addresses.js';

export interface ParcelAddress {
  id: string;
  /** « 139 Avenue Carnot, 93140 Bondy » */
  label: string;
  lon: number;
  lat: number;
}

/** Candidates examined per parcel, in street order: a large estate's parcel can hold hundreds of addresses. */
const CANDIDATES_PER_PARCEL = 200;

const columns = (pid: string) =>
  `${pid} AS pid, a.id, a.numero, a.rep, a.nom_voie, a.code_postal, a.code_insee, a.nom_commune, a.nom_ancienne_commune, a.lon, a.lat, ${pid} = ANY(a.cad_parcelles) AS named`;

interface CandidateRow extends BanAddressNaming {
  pid: string;
  id: string;
  lon: number;
  lat: number;
  named: boolean;
}

/**
 * The BAN names a parcel for some addresses only (`cad_parcelles`, often empty): the addresses it
 * does not name are a parcel's when the geocoder gives them this parcel, as the address analysis
 * does (the parcel containing the point, else the nearest within 25 m: BAN points often stand on
 * the street, at the door). Sorted by street, number and suffix; `perParcel` at most for each.
 */
export async function parcelAddresses(
  db: Queryable,
  parcels: readonly Pick<Parcel, 'id' | 'bbox' | 'geometry'>[],
  perParcel: number,
): Promise<Map<string, ParcelAddress[]>> {
  const out = new Map<string, ParcelAddress[]>();
  if (parcels.length === 0) return out;
  const margin = ADDRESS_PARCEL_MAX_M / 111_195;
  const marginLon = (p: Pick<Parcel, 'bbox'>) => margin / Math.cos((((p.bbox[1] + p.bbox[3]) / 2) * Math.PI) / 180);
  // Named addresses through the partial GIN index on `cad_parcelles` (migration 1292); the others
  // in each parcel's box widened by 25 m, through the GiST index on the address points. Only the
  // parcel's commune's (a street's points can stand across the border), tested apart (MATERIALIZED):
  // joined, the planner turned it into a hash join of every address of the commune with every
  // parcel of the page.
  const rows = await db.query<CandidateRow>(
    `WITH q AS (
       SELECT * FROM unnest($1::text[], $2::float8[], $3::float8[], $4::float8[], $5::float8[]) AS q(pid, w, s, e, n)
     ), candidates AS MATERIALIZED (
       SELECT ${columns('q.pid')}
         FROM q JOIN ban_addresses a ON a.cad_parcelles @> ARRAY[q.pid] AND cardinality(a.cad_parcelles) > 0
       UNION
       SELECT ${columns('q.pid')}
         FROM q JOIN ban_addresses a ON a.lat IS NOT NULL AND point(a.lon, a.lat) <@ box(point(q.w, q.s), point(q.e, q.n))
     )
     SELECT pid, id, numero, rep, nom_voie, code_postal, nom_commune, nom_ancienne_commune, lon, lat, named
       FROM (SELECT c.*, row_number() OVER (PARTITION BY c.pid ORDER BY c.nom_voie, c.numero, c.rep, c.id) AS rank
               FROM candidates c
              WHERE c.code_insee = left(c.pid, 5)) r
      WHERE rank <= ${CANDIDATES_PER_PARCEL}
      ORDER BY pid, rank`,
    [
      parcels.map((p) => p.id),
      parcels.map((p) => p.bbox[0] - marginLon(p)),
      parcels.map((p) => p.bbox[1] - margin),
      parcels.map((p) => p.bbox[2] + marginLon(p)),
      parcels.map((p) => p.bbox[3] + margin),
    ],
  );
  const byParcel = new Map<string, CandidateRow[]>();
  for (const r of rows) {
    const list = byParcel.get(r.pid);
    if (list) list.push(r);
    else byParcel.set(r.pid, [r]);
  }

  // Named or inside the outline: the parcel's. Outside but within 25 m: its when the geocoder finds
  // no nearer parcel, asked once for every such point of the page.
  const sure = (p: Pick<Parcel, 'geometry'>, a: CandidateRow) => a.named || pointInGeometry(a.lon, a.lat, p.geometry);
  const near = (p: Pick<Parcel, 'geometry'>, a: CandidateRow) => distanceToGeometryM(a.lon, a.lat, p.geometry) <= ADDRESS_PARCEL_MAX_M;
  const pending = new Map<string, CandidateRow>();
  for (const p of parcels) {
    let found = 0;
    for (const a of byParcel.get(p.id) ?? []) {
      if (found === perParcel) break;
      if (sure(p, a)) found++;
      else if (near(p, a)) pending.set(a.id, a);
    }
  }
  const points = [...pending.values()];
  const nearest = new Map((await nearestParcels(db, points)).map((row, i) => [points[i]?.id, row?.id]));

  for (const p of parcels) {
    const list: ParcelAddress[] = [];
    for (const a of byParcel.get(p.id) ?? []) {
      if (list.length === perParcel) break;
      if (sure(p, a) || (pending.has(a.id) && nearest.get(a.id) === p.id))
        list.push({
          id: a.id,
          label: banAddressLabel(a),
          lon: a.lon,
          lat: a.lat,
        });
    }
    if (list.length > 0) out.set(p.id, list);
  }
  return out;
}

/**
 * The first BAN address of each parcel that has one, by parcel id; for a parcel the BAN gives none,
 * its address in the legal-entity owners file when that file names its street.
 */
export async function firstParcelAddresses(
  db: Queryable,
  parcels: readonly Pick<Parcel, 'id' | 'bbox' | 'geometry'>[],
): Promise<Record<string, string>> {
  const found = await parcelAddresses(db, parcels, 1);
  const out: Record<string, string> = Object.fromEntries([...found].map(([id, [first]]) => [id, (first as ParcelAddress).label]));
  const missing = parcels.filter((p) => !found.has(p.id)).map((p) => p.id);
  for (const [id, label] of await ownersFileAddresses(db, missing)) out[id] = label;
  return out;
}

/** The same, from parcel ids (14 characters; anything else is no parcel and is skipped). */
export async function firstAddressesOfParcelIds(db: Queryable, ids: readonly string[]): Promise<Record<string, string>> {
  const valid = [...new Set(ids.filter((id) => PARCEL_ID.test(id)))];
  if (valid.length === 0) return {};
  const rows = await db.query<ParcelRow>(`SELECT ${PARCEL_COLUMNS} FROM parcels WHERE id = ANY($1::text[])`, [valid]);
  return firstParcelAddresses(db, rows.map(parcelOf));
}
