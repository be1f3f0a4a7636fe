/**
 * The DPE of a zone read for the localisation of a listing (METHODOLOGY §3); the scoring itself
 * is the shared pure logic. The surface narrows the rows in SQL with a margin far wider than the
 * scoring's tolerance, so a national table stays an indexed, bounded read.
 */
import {
  type BanPoint,
  type DpeForLocalisation,
  type LocalisationCandidate,
  type LocalisationQuery,
  rankCandidates,
  rankWithWrittenAddress,
} from '@immoloupe/shared/listings/localisation.logic';
import { isWrittenAddress, type WrittenAddress, writtenAddress } from '@immoloupe/shared/listings/written-address.logic';
import type { Queryable } from '../../db/client.js';
import { dpeAddressSql, dpeTypedAddressSql } from '../dpe/index.js';

/** Beyond this many DPE in one zone, the newest are scored (a postcode rarely holds more). */
const MAX_ROWS = 20_000;

export async function dpeOfZone(db: Queryable, q: LocalisationQuery): Promise<DpeForLocalisation[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.postcode) {
    params.push(q.postcode);
    where.push(`code_postal_ban = $${params.length}`);
  }
  if (q.insee) {
    params.push(q.insee.toUpperCase());
    where.push(`code_insee_ban = $${params.length}`);
  }
  if (q.surface !== undefined) {
    params.push(q.surface * 0.75, q.surface * 1.3);
    where.push(`(surface_habitable_logement IS NULL OR surface_habitable_logement BETWEEN $${params.length - 1} AND $${params.length})`);
  }
  return db.query<DpeForLocalisation>(
    `SELECT numero_dpe AS "numeroDpe", ${dpeAddressSql('dpe')} AS address,
            -- Placed at its typed number by the BAN imported here: one building with that address's DPE.
            coalesce(typed_address_ban_id, identifiant_ban) AS "banId",
            (${dpeTypedAddressSql('dpe')} AND typed_address_ban_id IS NULL) AS "typedAddress",
            etiquette_dpe AS "dpeClass", etiquette_ges AS "gesClass", type_batiment AS "buildingType",
            surface_habitable_logement::float8 AS surface, conso_5_usages_ep_m2::float8 AS conso,
            emission_ges_5_usages_m2::float8 AS emission, to_char(date_etablissement, 'YYYY-MM-DD') AS date,
            latitude AS lat, longitude AS lon, numero_dpe_remplace AS replaces
       FROM dpe
      WHERE ${where.join(' AND ')}
      ORDER BY date_etablissement DESC
      LIMIT ${MAX_ROWS}`,
    params,
  );
}

export async function localise(db: Queryable, q: LocalisationQuery): Promise<LocalisationCandidate[]> {
  return rankCandidates(q, await dpeOfZone(db, q));
}

/** The written address among the BAN addresses of the commune at that number, if imported. */
export async function banOfWrittenAddress(db: Queryable, insee: string, written: WrittenAddress): Promise<BanPoint | null> {
  const rows = await db.query<{ label: string; lat: number; lon: number }>(
    `SELECT concat_ws(' ', numero::text, rep, nom_voie, code_postal, nom_commune) AS label, lat, lon
       FROM ban_addresses WHERE code_insee = $1 AND numero = $2`,
    [insee, Number.parseInt(written.number, 10)],
  );
  return rows.find((r) => isWrittenAddress(r.label, written)) ?? null;
}

/** The address a listing writes and, when the BAN of its commune holds it, its point there. */
export interface WrittenPlace {
  written: WrittenAddress;
  ban: BanPoint | null;
}

/**
 * The street address the listing's title or text writes (decision 0902), looked up in the BAN of
 * its commune (`insee`): null when it writes none. An address of another commune, or one the BAN
 * imported here lacks, has no `ban` point.
 */
export async function writtenPlaceOf(
  db: Queryable,
  listing: { title?: string | null; description?: string | null; city?: string | null },
  insee: string | null,
): Promise<WrittenPlace | null> {
  const written = writtenAddress([listing.title, listing.description], listing.city);
  if (!written) return null;
  return { written, ban: insee ? await banOfWrittenAddress(db, insee, written) : null };
}

/**
 * A listing's candidates: the address its title or text writes first (decision 0902), then the DPE
 * of the zone ranked on its values. `insee`: its commune, where the BAN is searched. `place`: the
 * written address already looked up (`writtenPlaceOf`), so that the analysis asks the BAN once.
 */
export async function localiseListing(
  db: Queryable,
  q: LocalisationQuery,
  listing: { title?: string | null; description?: string | null; city?: string | null },
  insee: string | null,
  place?: WrittenPlace | null,
): Promise<LocalisationCandidate[]> {
  const dpes = await dpeOfZone(db, q);
  const found = place === undefined ? await writtenPlaceOf(db, listing, insee) : place;
  if (!found) return rankCandidates(q, dpes);
  // « Lyon 8ème » → « Lyon », as the DPE and the BAN name the town after the postcode.
  const town = (listing.city ?? '').replace(/\s+\d{1,2}\s*(?:e|er|ème|eme)\b.*$/iu, '').trim();
  return rankWithWrittenAddress(q, dpes, found.written, found.ban, [q.postcode, town].filter(Boolean).join(' '));
}
