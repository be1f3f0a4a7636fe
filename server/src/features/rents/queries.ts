/** Rent references of a commune (table `rent_references`, importer `loyers`). */
import { type PropertyRent, RENT_DWELLINGS, type RentDwelling, type RentReference } from '@immoloupe/shared/rents/contracts';
import { propertyRent } from '@immoloupe/shared/rents/rents.logic';
import type { Queryable } from '../../db/client.js';

interface RentRow {
  insee: string;
  commune_name: string;
  dwelling: RentDwelling;
  edition: string;
  rent_m2: number;
  low_m2: number | null;
  high_m2: number | null;
  prediction_level: string | null;
  observations_commune: number | null;
  observations_zone: number | null;
  r2_adjusted: number | null;
}

/**
 * The newest edition of each dwelling type of a commune (or the edition asked). An edition whose
 * year the file did not give ('') counts as older than any dated one.
 */
export async function rentReferences(
  db: Queryable,
  insee: string,
  options: { dwelling?: RentDwelling | undefined; edition?: string | undefined } = {},
): Promise<RentReference[]> {
  const rows = await db.query<RentRow>(
    `SELECT DISTINCT ON (dwelling) insee, commune_name, dwelling, edition, rent_m2::float8 AS rent_m2, low_m2::float8 AS low_m2,
            high_m2::float8 AS high_m2, prediction_level, observations_commune, observations_zone, r2_adjusted::float8 AS r2_adjusted
       FROM rent_references
      WHERE insee = $1 AND ($2::text IS NULL OR dwelling = $2) AND ($3::text IS NULL OR edition = $3)
      ORDER BY dwelling, edition DESC`,
    [insee, options.dwelling ?? null, options.edition ?? null],
  );
  return rows
    .map((r) => ({
      insee: r.insee,
      commune: r.commune_name,
      dwelling: r.dwelling,
      edition: r.edition === '' ? null : r.edition,
      rentM2: Number(r.rent_m2),
      lowM2: r.low_m2 === null ? null : Number(r.low_m2),
      highM2: r.high_m2 === null ? null : Number(r.high_m2),
      predictionLevel: r.prediction_level,
      observationsCommune: r.observations_commune,
      observationsZone: r.observations_zone,
      r2Adjusted: r.r2_adjusted === null ? null : Number(r.r2_adjusted),
    }))
    .sort((a, b) => RENT_DWELLINGS.indexOf(a.dwelling) - RENT_DWELLINGS.indexOf(b.dwelling));
}

/**
 * What the commune's references say of a listing: a rental's asking rent against them, a sale's
 * gross yield at its asking price. Null when the listing does not say sale or rent (compared with
 * nothing until told) or is neither a flat nor a house (no reference for those).
 */
export async function listingRent(
  db: Queryable,
  insee: string,
  l: { transaction?: string | null; propertyType?: string | null; rooms?: number | null; surface?: number | null; price?: number | null },
): Promise<PropertyRent | null> {
  if ((l.transaction !== 'location' && l.transaction !== 'vente') || (l.propertyType !== 'appartement' && l.propertyType !== 'maison'))
    return null;
  return propertyRent(
    await rentReferences(db, insee),
    { type: l.propertyType, rooms: l.rooms ?? null, surface: l.surface ?? null },
    l.transaction === 'location' ? { askingRent: l.price ?? null } : { value: l.price ?? null },
  );
}
