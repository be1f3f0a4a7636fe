/** The SQL of the parcel search: by commune, section, number and area, with the commune's sections. */
import type { ParcelSearchResponse } from '@immoloupe/shared/opendata/contracts';
import type { Queryable } from '../../db/client.js';
import { PARCEL_COLUMNS, type ParcelRow, parcelOf } from './parcel-row.js';

export interface ParcelFilters {
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
  limit: number;
  offset: number;
}

export async function parcelsOfCommune(db: Queryable, code: string, f: ParcelFilters): Promise<Omit<ParcelSearchResponse, 'commune'>> {
  const [latest] = await db.query<{ d: string | null }>(`SELECT max(date_mutation)::text AS d FROM dvf_mutations`);
  const dvfLatest = latest?.d ?? null;
  const conditions = [
    'code_commune = $1',
    `($2::text IS NULL OR section = $2 OR section = ltrim($2, '0'))`,
    `($3::int IS NULL OR numero = $3::text OR ltrim(numero, '0') = $3::text)`,
    '($4::numeric IS NULL OR contenance >= $4)',
    '($5::numeric IS NULL OR contenance <= $5)',
    '($6::boolean OR is_current)',
  ];
  const params: unknown[] = [code, f.section ?? null, f.numero ?? null, f.surfaceMin ?? null, f.surfaceMax ?? null, f.anciennes];
  const owners: string[] = [];
  if (f.ownerGroup) owners.push(`o.owner_group = $${params.push(f.ownerGroup)}`);
  if (f.legalForm) owners.push(`o.forme_juridique = $${params.push(f.legalForm)}`);
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
  const sections = await db.query<{ section: string; parcels: number }>(
    `SELECT section, count(*)::int AS parcels FROM parcels WHERE code_commune = $1 AND is_current
      GROUP BY section, code_section ORDER BY code_section`,
    [code],
  );
  const [v] = await db.query<{ vintage: string | null }>(`SELECT vintage::text AS vintage FROM cadastre_communes WHERE code_commune = $1`, [
    code,
  ]);
  const ownerRows = await db.query<{ id_parcelle: string; names: string[] }>(
    `SELECT id_parcelle, array_agg(DISTINCT denomination ORDER BY denomination) AS names
       FROM parcel_owners WHERE id_parcelle = ANY($1::text[]) GROUP BY id_parcelle`,
    [rows.map((r) => r.id)],
  );
  return {
    total: count?.n ?? 0,
    sections,
    vintage: v?.vintage ?? null,
    parcels: rows.map(parcelOf),
    owners: Object.fromEntries(ownerRows.map((r) => [r.id_parcelle, r.names])),
    dvfLatest,
  };
}
