/**
 * The BAN's spelling of the streets of some communes, to show DVF addresses with their accents and
 * apostrophes (`displayDvfAddress`). One query per page of results, by commune.
 */
import { type StreetSpellings, spellingKey } from '@immoloupe/shared/address-display';
import type { Queryable } from '../../db/client.js';

export async function streetSpellings(db: Queryable, communes: Iterable<string>): Promise<StreetSpellings> {
  const codes = [...new Set(communes)];
  const spellings = new Map<string, string>();
  if (codes.length === 0) return spellings;
  const rows = await db.query<{ code_insee: string; nom_voie: string }>(
    // The street with the most addresses wins when two spellings of a commune fold alike.
    'SELECT code_insee, nom_voie FROM ban_voies WHERE code_insee = ANY($1::text[]) ORDER BY nb_adresses DESC',
    [codes],
  );
  for (const r of rows) {
    const key = spellingKey(r.code_insee, r.nom_voie);
    if (!spellings.has(key)) spellings.set(key, r.nom_voie);
  }
  return spellings;
}
