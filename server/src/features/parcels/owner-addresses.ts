/**
 * Parcels' postal addresses from the legal-entity owners file (DGFiP: `N° voirie`, `Nature voie`,
 * `Nom voie`), for the parcels the BAN gives no address: the search's « Adresse » column, the
 * sheet, and the prospecting letters. The street takes the BAN's spelling, postcode and town when
 * the commune's BAN knows it (`ban_voies`). One query for the parcels, one for their communes' streets.
 */
import { spellingKey } from '@immoloupe/shared/address-display';
import { type BanStreet, ownersFileAddress } from '@immoloupe/shared/owners/address.logic';
import type { Queryable } from '../../db/client.js';
import { communeInfo } from '../../places/commune-info.js';

export async function ownersFileAddresses(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  // The land row before a local's, a row with a number before one without.
  const rows = await db.query<{
    id_parcelle: string;
    code_commune: string;
    numero_voirie: string | null;
    indice_repetition: string | null;
    nature_voie: string | null;
    nom_voie: string | null;
  }>(
    `SELECT DISTINCT ON (id_parcelle) id_parcelle, code_commune, numero_voirie, indice_repetition, nature_voie, nom_voie
       FROM parcel_owners
      WHERE id_parcelle = ANY($1::text[]) AND nullif(trim(nom_voie), '') IS NOT NULL
      ORDER BY id_parcelle, kind = 'parcelle' DESC, nullif(ltrim(coalesce(numero_voirie, ''), '0 '), '') IS NULL, numero_voirie, source_line`,
    [ids],
  );
  if (rows.length === 0) return out;
  const communes = [...new Set(rows.map((r) => r.code_commune))];
  const streetRows = await db.query<{ code_insee: string; nom_voie: string; code_postal: string | null; nom_commune: string }>(
    // The street with the most addresses wins when two spellings of a commune fold alike.
    'SELECT code_insee, nom_voie, code_postal, nom_commune FROM ban_voies WHERE code_insee = ANY($1::text[]) ORDER BY nb_adresses DESC',
    [communes],
  );
  const streets = new Map<string, BanStreet>();
  for (const s of streetRows) {
    const key = spellingKey(s.code_insee, s.nom_voie);
    if (!streets.has(key)) streets.set(key, { nomVoie: s.nom_voie, codePostal: s.code_postal, commune: s.nom_commune });
  }
  for (const r of rows) {
    const label = ownersFileAddress(
      {
        codeCommune: r.code_commune,
        numeroVoirie: r.numero_voirie,
        indiceRepetition: r.indice_repetition,
        natureVoie: r.nature_voie,
        nomVoie: r.nom_voie,
      },
      communeInfo(r.code_commune),
      streets,
    );
    if (label) out.set(r.id_parcelle, label);
  }
  return out;
}
