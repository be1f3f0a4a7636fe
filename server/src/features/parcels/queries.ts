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
  limit: number;
  offset: number;
}

export async function parcelsOfCommune(db: Queryable, code: string, f: ParcelFilters): Promise<Omit<ParcelSearchResponse, 'commune'>> {
  const where = `code_commune = $1
        AND ($2::text IS NULL OR section = $2 OR section = ltrim($2, '0'))
        AND ($3::int IS NULL OR numero = $3::text OR ltrim(numero, '0') = $3::text)
        AND ($4::numeric IS NULL OR contenance >= $4)
        AND ($5::numeric IS NULL OR contenance <= $5)
        AND ($6::boolean OR is_current)`;
  const params = [code, f.section ?? null, f.numero ?? null, f.surfaceMin ?? null, f.surfaceMax ?? null, f.anciennes];
  const rows = await db.query<ParcelRow>(
    `SELECT ${PARCEL_COLUMNS}
       FROM parcels WHERE ${where}
      ORDER BY code_section, lpad(numero, 4, '0'), is_current DESC
      LIMIT $7 OFFSET $8`,
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
  return {
    total: count?.n ?? 0,
    sections,
    vintage: v?.vintage ?? null,
    parcels: rows.map(parcelOf),
  };
}
