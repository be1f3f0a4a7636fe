/** The SQL of the parcel search: by commune, section, number and area, with the commune's sections. */
import type { ParcelSearchResponse } from '@immoloupe/shared/opendata/contracts';
import type { Queryable } from '../../db/client.js';
import type { ParcelGeometry } from '../../importers/cadastre.logic.js';

export interface ParcelFilters {
  section?: string | undefined;
  numero?: number | undefined;
  surfaceMin?: number | undefined;
  surfaceMax?: number | undefined;
  anciennes: boolean;
  limit: number;
  offset: number;
}

interface Row {
  id: string;
  code_commune: string;
  prefixe: string;
  section: string;
  numero: string;
  contenance: number | null;
  is_current: boolean;
  centroid_lon: number;
  centroid_lat: number;
  bbox_west: number;
  bbox_south: number;
  bbox_east: number;
  bbox_north: number;
  geometry: ParcelGeometry;
}

export async function parcelsOfCommune(db: Queryable, code: string, f: ParcelFilters): Promise<Omit<ParcelSearchResponse, 'commune'>> {
  const where = `code_commune = $1
        AND ($2::text IS NULL OR section = $2 OR section = ltrim($2, '0'))
        AND ($3::int IS NULL OR numero = $3::text OR ltrim(numero, '0') = $3::text)
        AND ($4::numeric IS NULL OR contenance >= $4)
        AND ($5::numeric IS NULL OR contenance <= $5)
        AND ($6::boolean OR is_current)`;
  const params = [code, f.section ?? null, f.numero ?? null, f.surfaceMin ?? null, f.surfaceMax ?? null, f.anciennes];
  const rows = await db.query<Row>(
    `SELECT id, code_commune, prefixe, section, numero, contenance, is_current, centroid_lon, centroid_lat,
            bbox_west, bbox_south, bbox_east, bbox_north, geometry
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
    parcels: rows.map((r) => ({
      id: r.id,
      codeCommune: r.code_commune,
      prefixe: r.prefixe,
      section: r.section,
      numero: r.numero,
      contenance: r.contenance,
      current: r.is_current,
      centroid: { lon: r.centroid_lon, lat: r.centroid_lat },
      bbox: [r.bbox_west, r.bbox_south, r.bbox_east, r.bbox_north],
      geometry: r.geometry,
    })),
  };
}
