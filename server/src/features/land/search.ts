/**
 * The land part of the parcel search: its conditions on `parcel_land` (main zone, prescriptions,
 * coverage) and the land figures of the parcels listed. A parcel without figures (a former parcel,
 * or one no import has computed) matches no land filter; one whose commune has no buildings
 * imported (null coverage) matches no coverage filter.
 */
import type { ParcelLand, ZoneFamily } from '@immoloupe/shared/land/contracts';
import type { Queryable } from '../../db/client.js';

export interface LandFilters {
  zoneType?: ZoneFamily | undefined;
  zoneLibelle?: string | undefined;
  prescription?: string | undefined;
  prescriptionPresent?: 'oui' | 'non' | undefined;
  /** Per cent. */
  coverageMin?: number | undefined;
  coverageMax?: number | undefined;
}

/**
 * A condition on the parcel's land figures (`parcels` being the outer table), or null without land
 * filter. `communes`, when the search is within known communes: the figures are read through the
 * commune index, not probed parcel by parcel.
 */
export function landCondition(
  params: unknown[],
  f: LandFilters,
  communes: readonly string[] | null = null,
  parcelId = 'parcels.id',
): string | null {
  const add = (v: unknown) => `$${params.push(v)}`;
  const parts: string[] = [];
  if (f.zoneType) parts.push(`pl.zone_type = ${add(f.zoneType)}`);
  if (f.zoneLibelle) parts.push(`pl.zone_libelle ILIKE ${add(`${f.zoneLibelle.replace(/[%_\\]/g, '\\$&')}%`)}`);
  if (f.coverageMin !== undefined) parts.push(`pl.coverage >= ${add(f.coverageMin / 100)}::float8`);
  if (f.coverageMax !== undefined) parts.push(`pl.coverage <= ${add(f.coverageMax / 100)}::float8`);
  if (f.prescription !== undefined || f.prescriptionPresent !== undefined) {
    const kind = f.prescription ?? 'toutes';
    const has = kind === 'toutes' ? 'cardinality(pl.prescription_types) > 0' : `${add(kind)}::text = ANY(pl.prescription_types)`;
    parts.push(f.prescriptionPresent === 'non' ? `NOT (${has})` : has);
  }
  if (parts.length === 0) return null;
  if (communes) parts.unshift(`pl.code_commune = ANY(${add(communes)}::text[])`);
  return `${parcelId} IN (SELECT pl.parcel_id FROM parcel_land pl WHERE ${parts.join(' AND ')})`;
}

/** The land figures of the parcels given, by id (a parcel without figures is absent). */
export async function landOfParcels(db: Queryable, ids: readonly string[]): Promise<Record<string, ParcelLand>> {
  if (ids.length === 0) return {};
  const rows = await db.query<{
    parcel_id: string;
    area_m2: number;
    built_m2: number | null;
    coverage: number | null;
    zone_type: ZoneFamily | null;
    zone_libelle: string | null;
    zone_libelong: string | null;
    prescription_types: string[];
  }>(
    `SELECT parcel_id, area_m2, built_m2, coverage, zone_type, zone_libelle, zone_libelong, prescription_types
       FROM parcel_land WHERE parcel_id = ANY($1::text[])`,
    [ids],
  );
  return Object.fromEntries(
    rows.map((r) => [
      r.parcel_id,
      {
        areaM2: r.area_m2,
        builtM2: r.built_m2,
        coverage: r.coverage,
        zoneType: r.zone_type,
        zoneLibelle: r.zone_libelle,
        zoneLibelong: r.zone_libelong,
        prescriptionTypes: r.prescription_types,
      },
    ]),
  );
}

/** Among INSEE codes, those whose cadastre buildings were never imported. */
export async function buildingsMissing(db: Queryable, codes: readonly string[]): Promise<string[]> {
  const unique = [...new Set(codes)].sort();
  if (unique.length === 0) return [];
  const rows = await db.query<{ c: string }>(
    `SELECT c FROM unnest($1::text[]) c WHERE NOT EXISTS (SELECT 1 FROM building_communes b WHERE b.code_commune = c) ORDER BY c`,
    [unique],
  );
  return rows.map((r) => r.c);
}
