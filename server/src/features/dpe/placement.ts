/**
 * Where a DPE stands on the maps. ADEME's BAN matching gives a point per DPE; when it matched only
 * the street (`identifiant_ban` of a street, one new build in eight in the Lyon 8e sample) that
 * point is the street's, and every DPE of an avenue piles up on it. When the diagnostician typed a
 * house number (`numero_voie_saisi`) and the BAN imported here knows that number in that street,
 * the DPE is moved to the number's point and keeps the street's point aside, to go back to it if a
 * later BAN no longer has the number. Run by the DPE import for its own DPE and by the BAN import
 * for its communes: whichever comes second places them. The statement trigger on `dpe` bumps the
 * DPE layer's data version, so cached tiles follow.
 */
import type { Queryable } from '../../db/client.js';

/** SQL condition: the BAN matched the DPE of alias `a` to a street or a lieu-dit only. */
export function dpeMatchedToStreetSql(a: string): string {
  return `coalesce(${a}.identifiant_ban ~ '^[^_]+_[^_]+$', false)`;
}

/** SQL condition: the DPE of alias `a` stands at its street's point (on no building in particular). */
export function dpeAtStreetPointSql(a: string): string {
  return `(${dpeMatchedToStreetSql(a)} AND ${a}.typed_address_ban_id IS NULL)`;
}

/**
 * The first number typed and its repetition: « 27 » → 27, « 27bis » → 27 bis, « 12B » → 12 b,
 * « 248-264 » → 248 (the first entrance of the building).
 */
const TYPED_NUMBER_SQL = String.raw`'^(\d{1,5})(bis|ter|quater|quinquies|[a-z])?'`;

export type PlacementScope =
  /** The DPE a DPE import has just written from its staging table, placement emptied: their point is the file's. */
  | { stage: string }
  /** The DPE of the communes a subquery lists (codes INSEE), whose BAN has just been replaced. */
  | { communesSql: string };

/**
 * Places the DPE of the scope at the BAN address of their typed number, or back at their street's
 * point when the BAN has none.
 */
export async function placeDpeAtTypedNumbers(tx: Queryable, scope: PlacementScope): Promise<void> {
  // The DPE import wrote the file's point and emptied the placement columns (importers/dpe.ts).
  const where =
    'stage' in scope
      ? `d.numero_dpe IN (SELECT numero_dpe FROM ${scope.stage} WHERE numero_voie_saisi IS NOT NULL)`
      : `d.code_insee_ban IN (${scope.communesSql})`;
  const [ban] = await tx.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM ban_addresses) AS any');
  if (!ban?.any) return;
  await tx.query(
    `WITH candidate AS (
       SELECT d.numero_dpe, d.identifiant_ban || '_' || lpad(m[1], 5, '0') AS base, lower(m[2]) AS rep
         FROM dpe d, regexp_match(d.numero_voie_saisi, ${TYPED_NUMBER_SQL}, 'i') AS m
        WHERE ${where} AND d.numero_voie_saisi IS NOT NULL AND ${dpeMatchedToStreetSql('d')}
     ), found AS (
       SELECT c.numero_dpe, a.id, a.lon, a.lat
         FROM candidate c
         -- The number with its repetition when the BAN has it, else the plain number.
         LEFT JOIN LATERAL (
           SELECT id, lon, lat FROM ban_addresses
            WHERE id = c.base || coalesce('_' || c.rep, '') OR id = c.base
            ORDER BY id = c.base LIMIT 1) a ON true
     )
     UPDATE dpe d
        SET typed_address_ban_id = f.id,
            street_longitude = CASE WHEN f.id IS NULL THEN NULL ELSE coalesce(d.street_longitude, d.longitude) END,
            street_latitude = CASE WHEN f.id IS NULL THEN NULL ELSE coalesce(d.street_latitude, d.latitude) END,
            longitude = CASE WHEN f.id IS NULL THEN coalesce(d.street_longitude, d.longitude) ELSE f.lon END,
            latitude = CASE WHEN f.id IS NULL THEN coalesce(d.street_latitude, d.latitude) ELSE f.lat END
       FROM found f
      WHERE d.numero_dpe = f.numero_dpe
        AND (d.typed_address_ban_id IS DISTINCT FROM f.id OR (f.id IS NOT NULL AND (d.longitude, d.latitude) IS DISTINCT FROM (f.lon, f.lat)))`,
  );
}
