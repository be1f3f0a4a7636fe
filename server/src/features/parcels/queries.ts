/** The SQL of the parcel search: by commune or « ma zone », section, number and area, with the commune's sections. */
import type { PolygonGeometry } from '@immoloupe/shared/market/polygon';
import type { ParcelSearchResponse } from '@immoloupe/shared/opendata/contracts';
import { legalFormPatterns } from '@immoloupe/shared/owners/legal-form-choices.logic';
import { naturalPersonName } from '@immoloupe/shared/owners/natural-person.logic';
import { geometryBbox } from '@immoloupe/shared/zone/territory.logic';
import type { Queryable } from '../../db/client.js';
import { Params } from '../../db/params.js';
import { formerCommunes, withRecordedCodes } from '../../places/communes.js';
import { PARCEL_COLUMNS, type ParcelRow, parcelOf } from '../../places/parcel-row.js';
import { type LandFilters, landCondition } from '../land/index.js';
import { pointInGeometrySql } from '../zone/index.js';

export interface ParcelFilters extends LandFilters {
  section?: string | undefined;
  numero?: number | undefined;
  surfaceMin?: number | undefined;
  surfaceMax?: number | undefined;
  anciennes: boolean;
  ownerGroup?: string | undefined;
  legalForm?: string | undefined;
  owner?: string | undefined;
  noSaleYears?: number | undefined;
  soldSince?: string | undefined;
  built?: 'oui' | 'non' | undefined;
  permitsWithin?: number | undefined;
  permitsSince?: string | undefined;
  limit: number;
  offset: number;
}

/** Where the parcels are searched: one commune, or « ma zone » (its communes, and parcels centred in its drawing). */
export type ParcelZone = { kind: 'commune'; code: string } | { kind: 'territory'; geometry: PolygonGeometry | null; communes: string[] };

/**
 * The parcels of communes. A commune nouvelle's are filed under its code (and, in older cadastres,
 * under the codes merged into it). A former commune's are those still under its code and those its
 * commune nouvelle files with the former code's last three digits as prefix (« 059 » of 93059 in
 * Saint-Denis, 93066): the cadastre keeps the former commune in the parcel's identifier.
 */
export function communesCondition(p: Params, codes: readonly string[], alias = ''): string {
  const a = alias ? `${alias}.` : '';
  const former = codes.map((c) => formerCommunes().get(c)).filter((c) => c !== undefined);
  const current = codes.filter((c) => !formerCommunes().has(c));
  const parts = former.map(
    (c) => `${a}code_commune = ${p.add(c.code)} OR (${a}code_commune = ${p.add(c.mergedInto)} AND ${a}prefixe = ${p.add(c.code.slice(2))})`,
  );
  if (current.length) parts.unshift(`${a}code_commune = ANY(${p.add(withRecordedCodes(current))}::text[])`);
  return parts.length ? `(${parts.join(' OR ')})` : 'false';
}

function zoneCondition(p: Params, zone: ParcelZone): string {
  if (zone.kind === 'commune') return communesCondition(p, [zone.code]);
  const parts: string[] = [];
  if (zone.communes.length) parts.push(communesCondition(p, zone.communes));
  if (zone.geometry) {
    const [w, s, e, n] = geometryBbox(zone.geometry);
    // The GiST index on the parcels' boxes narrows the candidates before the exact test on the centre.
    parts.push(`(box(point(bbox_west, bbox_south), point(bbox_east, bbox_north)) && box(point(${p.add(w)}, ${p.add(s)}), point(${p.add(e)}, ${p.add(n)}))
      AND ${pointInGeometrySql(p, 'point(centroid_lon, centroid_lat)', zone.geometry)})`);
  }
  return parts.length ? `(${parts.join(' OR ')})` : 'false';
}

export async function parcelsOfZone(
  db: Queryable,
  zone: ParcelZone,
  f: ParcelFilters,
): Promise<Omit<ParcelSearchResponse, 'commune' | 'mine'>> {
  const [latest] = await db.query<{ d: string | null }>(`SELECT max(date_mutation)::text AS d FROM dvf_mutations`);
  const dvfLatest = latest?.d ?? null;
  const p = new Params();
  const section = p.add(f.section ?? null);
  const numero = p.add(f.numero ?? null);
  const conditions = [
    zoneCondition(p, zone),
    `(${section}::text IS NULL OR section = ${section} OR section = ltrim(${section}, '0'))`,
    `(${numero}::int IS NULL OR numero = ${numero}::text OR ltrim(numero, '0') = ${numero}::text)`,
  ];
  if (f.surfaceMin !== undefined) conditions.push(`contenance >= ${p.add(f.surfaceMin)}`);
  if (f.surfaceMax !== undefined) conditions.push(`contenance <= ${p.add(f.surfaceMax)}`);
  if (!f.anciennes) conditions.push('is_current');
  const params = p.values;
  const owners: string[] = [];
  if (f.ownerGroup) owners.push(`o.owner_group = $${params.push(f.ownerGroup)}`);
  if (f.legalForm) {
    const patterns = legalFormPatterns(f.legalForm) ?? [];
    owners.push(`o.forme_juridique LIKE ANY($${params.push(patterns)}::text[])`);
  }
  if (f.owner) {
    const term = f.owner.replace(/\s+/g, '');
    owners.push(
      /^\d{9}$/.test(term)
        ? `o.siren = $${params.push(term)}`
        : `o.denomination ILIKE $${params.push(`%${f.owner.replace(/[%_\\]/g, '\\$&')}%`)}`,
    );
  }
  if (owners.length > 0)
    conditions.push(`EXISTS (SELECT 1 FROM parcel_owners o WHERE o.id_parcelle = parcels.id AND ${owners.join(' AND ')})`);
  const saleOnParcel = (dateCondition: string) =>
    `EXISTS (SELECT 1 FROM dvf_lines l JOIN dvf_mutations m ON m.id_mutation = l.id_mutation WHERE l.id_parcelle = parcels.id AND ${dateCondition})`;
  // Counted back from the newest sale loaded, not from today: DVF is published months late.
  if (f.noSaleYears !== undefined && dvfLatest)
    conditions.push(
      `NOT ${saleOnParcel(`m.date_mutation > $${params.push(dvfLatest)}::date - make_interval(years => $${params.push(f.noSaleYears)}::int)`)}`,
    );
  if (f.soldSince) conditions.push(saleOnParcel(`m.date_mutation >= $${params.push(f.soldSince)}::date`));
  if (f.built) {
    // Built when the data says so: a local of a legal entity, a house, flat or business premises sold, a co-ownership.
    const built = `(EXISTS (SELECT 1 FROM parcel_owners o WHERE o.id_parcelle = parcels.id AND o.kind = 'local')
      OR EXISTS (SELECT 1 FROM dvf_lines l WHERE l.id_parcelle = parcels.id AND l.code_type_local IN (1, 2, 4))
      OR EXISTS (SELECT 1 FROM copro_parcels c WHERE c.id_parcelle = parcels.id))`;
    conditions.push(f.built === 'oui' ? built : `NOT ${built}`);
  }
  if (f.permitsWithin !== undefined) {
    // The permits' parcels in a rectangle around the parcel's centroid (the bbox index), then the exact distance.
    const r = `$${params.push(f.permitsWithin)}::float8`;
    const dLat = `(${r} / 111000.0)`;
    const dLon = `(${r} / (111000.0 * cos(radians(parcels.centroid_lat))))`;
    const since = f.permitsSince ? `AND b.authorised_on >= $${params.push(f.permitsSince)}::date` : '';
    conditions.push(`EXISTS (SELECT 1 FROM parcels q JOIN building_permits b ON b.parcel_id = q.id
       WHERE box(point(q.bbox_west, q.bbox_south), point(q.bbox_east, q.bbox_north))
             && box(point(parcels.centroid_lon - ${dLon}, parcels.centroid_lat - ${dLat}), point(parcels.centroid_lon + ${dLon}, parcels.centroid_lat + ${dLat}))
         AND earth_distance(ll_to_earth(parcels.centroid_lat, parcels.centroid_lon), ll_to_earth(q.centroid_lat, q.centroid_lon)) <= ${r} ${since})`);
  }
  // A commune's figures only: the land index is read for its rows, not the whole table (bench/land-search.ts).
  const land = landCondition(
    params,
    f,
    zone.kind === 'commune' ? withRecordedCodes([formerCommunes().get(zone.code)?.mergedInto ?? zone.code]) : null,
  );
  if (land) conditions.push(land);
  const where = conditions.join(' AND ');
  const n = params.length;
  const rows = await db.query<ParcelRow>(
    `SELECT ${PARCEL_COLUMNS}
       FROM parcels WHERE ${where}
      ORDER BY code_section, lpad(numero, 4, '0'), is_current DESC
      LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, f.limit, f.offset],
  );
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM parcels WHERE ${where}`, params);
  // The sections and the cadastre vintage describe one commune; « ma zone » may span several.
  const code = zone.kind === 'commune' ? zone.code : null;
  const sp = new Params();
  const sections = code
    ? await db.query<{ section: string; parcels: number }>(
        `SELECT section, count(*)::int AS parcels FROM parcels WHERE ${communesCondition(sp, [code])} AND is_current
          GROUP BY section, code_section ORDER BY code_section`,
        sp.values,
      )
    : [];
  // A former commune has no cadastre file of its own: its parcels are in its commune nouvelle's.
  // Paris, Lyon and Marseille have one per arrondissement: the oldest of those imported.
  const cadastreCode = code ? (formerCommunes().get(code)?.mergedInto ?? code) : null;
  const [v] = cadastreCode
    ? await db.query<{ vintage: string | null }>(
        `SELECT coalesce(max(vintage) FILTER (WHERE code_commune = $1), min(vintage))::text AS vintage
           FROM cadastre_communes WHERE code_commune = ANY($2::text[])`,
        [cadastreCode, withRecordedCodes([cadastreCode])],
      )
    : [];
  // A natural person is named by its role only (« Syndic bénévole, personne physique — nom non affiché »).
  const ownerRows = await db.query<{ id_parcelle: string; denomination: string | null; code_droit: string | null }>(
    `SELECT DISTINCT id_parcelle, denomination, CASE WHEN denomination IS NULL THEN code_droit END AS code_droit
       FROM parcel_owners WHERE id_parcelle = ANY($1::text[])`,
    [rows.map((r) => r.id)],
  );
  const byParcel = new Map<string, Set<string>>();
  for (const r of ownerRows) {
    const names = byParcel.get(r.id_parcelle) ?? new Set<string>();
    names.add(r.denomination ?? naturalPersonName(r.code_droit));
    byParcel.set(r.id_parcelle, names);
  }
  const ownerNames = Object.fromEntries([...byParcel].map(([id, names]) => [id, [...names].sort()]));
  return {
    total: count?.n ?? 0,
    sections,
    vintage: v?.vintage ?? null,
    parcels: rows.map(parcelOf),
    owners: ownerNames,
    dvfLatest,
  };
}

/** The départements among `codes` (INSEE commune codes) whose legal-entity owners file is not loaded. */
export async function ownersMissing(db: Queryable, codes: readonly string[]): Promise<string[]> {
  const deps = [...new Set(codes.map((c) => c.slice(0, 2)))].sort();
  if (deps.length === 0) return [];
  const rows = await db.query<{ d: string }>(
    `SELECT d FROM unnest($1::text[]) d WHERE NOT EXISTS (SELECT 1 FROM parcel_owners o WHERE o.departement = d) ORDER BY d`,
    [deps],
  );
  return rows.map((r) => r.d);
}
